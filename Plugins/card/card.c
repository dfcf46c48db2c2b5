/*
 * The "card" plugin: payment card numbers.
 *
 *   card.luhn    the Luhn (mod 10) check digit is right
 *   card.number  digits only (spaces and hyphens allowed), a known brand by its IIN range, a length
 *                that brand issues, and the Luhn check; parameter "brands" limits the brands accepted
 *   card.group   formatter: digits in the brand's groups (4-4-4-4, Amex 4-6-5, Diners 4-6-4)
 *
 * It is also an example for plugin authors: build it with
 *   cc -shared -fPIC -O2 -I include -o libvouch-card.so Plugins/card/card.c
 * and load it with --plugin card (or Registry.loadPlugin).
 */
#include "vouch_plugin.h"

#include <stdio.h>
#include <string.h>

/* A brand: its IIN ranges (prefixes compared as numbers of the same number of digits), the card
 * lengths it issues, and how its numbers are grouped for display. */
typedef struct {
    const char *name;    /* as the "brands" parameter names it */
    const char *display; /* as the brand writes its own name, for messages */
    struct { const char *low, *high; } ranges[8];
    int lengths[8];
    int groups[6];
} brand;

/* Order matters: a more specific range comes before a broader one (Discover's 622126-622925 before
 * UnionPay's 62). Sources: the brands' published IIN tables. */
static const brand BRANDS[] = {
    {"amex", "American Express", {{"34", "34"}, {"37", "37"}}, {15}, {4, 6, 5}},
    {"diners", "Diners Club", {{"300", "305"}, {"36", "36"}, {"38", "39"}}, {14, 16, 17, 18, 19}, {4, 6, 4}},
    {"jcb", "JCB", {{"3528", "3589"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"visa", "Visa", {{"4", "4"}}, {13, 16, 19}, {4, 4, 4, 4, 3}},
    {"mastercard", "Mastercard", {{"51", "55"}, {"2221", "2720"}}, {16}, {4, 4, 4, 4}},
    {"maestro", "Maestro", {{"5018", "5018"}, {"5020", "5020"}, {"5038", "5038"}, {"5893", "5893"}, {"6304", "6304"}, {"6759", "6759"}, {"6761", "6763"}},
     {12, 13, 14, 15, 16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"discover", "Discover", {{"6011", "6011"}, {"622126", "622925"}, {"644", "649"}, {"65", "65"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
    {"unionpay", "UnionPay", {{"62", "62"}}, {16, 17, 18, 19}, {4, 4, 4, 4, 3}},
};
#define BRAND_COUNT (sizeof BRANDS / sizeof BRANDS[0])

/* The digits of text, skipping spaces and hyphens. Returns the count, or -1 if text has another
 * character or more than max digits. */
static int digits_of(const char *text, size_t length, char *out, int max) {
    int count = 0;
    for (size_t i = 0; i < length; i++) {
        char c = text[i];
        if (c == ' ' || c == '-') continue;
        if (c < '0' || c > '9' || count == max) return -1;
        out[count++] = c;
    }
    out[count] = 0;
    return count;
}

static int luhn_ok(const char *digits, int count) {
    int sum = 0;
    for (int i = 0; i < count; i++) {
        int d = digits[count - 1 - i] - '0';
        if (i % 2 == 1) { d *= 2; if (d > 9) d -= 9; }
        sum += d;
    }
    return count > 1 && sum % 10 == 0;
}

static int in_range(const char *digits, int count, const char *low, const char *high) {
    size_t width = strlen(low);
    if ((size_t)count < width) return 0;
    return strncmp(digits, low, width) >= 0 && strncmp(digits, high, width) <= 0;
}

static const brand *brand_of(const char *digits, int count) {
    for (size_t b = 0; b < BRAND_COUNT; b++)
        for (int r = 0; r < 8 && BRANDS[b].ranges[r].low; r++)
            if (in_range(digits, count, BRANDS[b].ranges[r].low, BRANDS[b].ranges[r].high)) return &BRANDS[b];
    return NULL;
}

static int issues_length(const brand *b, int count) {
    for (int i = 0; i < 8 && b->lengths[i]; i++)
        if (b->lengths[i] == count) return 1;
    return 0;
}

/* ---- parameters: {} or {"brands": ["visa", ...]} ---- */

typedef struct {
    unsigned accepted; /* bit per BRANDS index; 0 = all */
} number_state;

/* Adds one name of "brands" to the accepted set. */
static int accept_brand(const char *name, size_t length, void *accepted, char *error, size_t error_size) {
    for (size_t b = 0; b < BRAND_COUNT; b++)
        if (strlen(BRANDS[b].name) == length && memcmp(BRANDS[b].name, name, length) == 0) {
            *(unsigned *)accepted |= 1u << b;
            return 0;
        }
    snprintf(error, error_size, "unknown brand \"%.*s\" (known: amex, diners, discover, jcb, maestro, mastercard, unionpay, visa)",
             (int)length, name);
    return 1;
}

static int number_create(const vouch_host_services *host, const char *parameters, size_t length, void **state, char *error,
                         size_t error_size) {
    static const char *const names[] = {"brands", NULL};
    unsigned accepted = 0;
    if (host->param_check(parameters, length, names, error, error_size) != VOUCH_PARAM_OK) return VOUCH_PLUGIN_ERROR;
    int brands = host->param_strings(parameters, length, "brands", accept_brand, &accepted, error, error_size);
    if (brands == VOUCH_PARAM_INVALID) return VOUCH_PLUGIN_ERROR;
    if (brands == VOUCH_PARAM_OK && accepted == 0) {
        snprintf(error, error_size, "parameter \"brands\" must name at least one brand");
        return VOUCH_PLUGIN_ERROR;
    }
    number_state *s = host->alloc(sizeof *s);
    if (!s) { snprintf(error, error_size, "out of memory"); return VOUCH_PLUGIN_ERROR; }
    s->accepted = accepted;
    *state = s;
    return VOUCH_PLUGIN_OK;
}

static void number_destroy(const vouch_host_services *host, void *state) { host->free(state); }

/* ---- rules ---- */

static int luhn_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                         vouch_violations *out, char *error, size_t error_size) {
    (void)state; (void)locale; (void)error; (void)error_size;
    char digits[64];
    int count = digits_of(value, length, digits, 63);
    if (count < 0) return host->violation(out, "card.digits");
    if (!luhn_ok(digits, count)) return host->violation(out, "card.luhn");
    return VOUCH_PLUGIN_OK;
}

static int number_validate(const vouch_host_services *host, void *state, const char *value, size_t length, const char *locale,
                           vouch_violations *out, char *error, size_t error_size) {
    (void)locale; (void)error; (void)error_size;
    const number_state *s = state;
    char digits[64];
    int count = digits_of(value, length, digits, 63);
    if (count < 0) return host->violation(out, "card.digits");
    const brand *b = brand_of(digits, count);
    if (!b || (s->accepted && !(s->accepted & (1u << (b - BRANDS))))) return host->violation(out, "card.brand");
    if (!issues_length(b, count)) {
        host->violation(out, "card.length");
        return host->violation_string(out, "brand", b->display, strlen(b->display));
    }
    if (!luhn_ok(digits, count)) return host->violation(out, "card.luhn");
    return VOUCH_PLUGIN_OK;
}

/* ---- formatter ---- */

static int group_format(const vouch_host_services *host, void *state, const char *text, size_t length, const char *locale,
                        vouch_text_sink *out, char *error, size_t error_size) {
    (void)state; (void)locale;
    char digits[64];
    int count = digits_of(text, length, digits, 63);
    if (count < 0) {
        snprintf(error, error_size, "not a card number");
        return VOUCH_PLUGIN_ERROR; /* the host keeps the text as it is */
    }
    static const int fallback[] = {4, 4, 4, 4, 3, 0}; /* ends with 0, as the brands' groups do */
    const brand *b = brand_of(digits, count);
    /* More digits than a known brand issues: typing stops there; a value checked keeps them for
     * card.number to refuse. */
    int longest = 0;
    for (int i = 0; b && i < 8 && b->lengths[i]; i++)
        if (b->lengths[i] > longest) longest = b->lengths[i];
    if (b && count > longest) {
        snprintf(error, error_size, "more digits than the brand issues");
        return VOUCH_PLUGIN_ERROR;
    }
    const int *groups = b ? b->groups : fallback;
    char grouped[96];
    int at = 0, used = 0;
    for (int g = 0; g < 6 && groups[g] && used < count; g++) {
        if (used) grouped[at++] = ' ';
        for (int i = 0; i < groups[g] && used < count; i++) grouped[at++] = digits[used++];
    }
    while (used < count) grouped[at++] = digits[used++]; /* past the last group: kept, not dropped */
    return host->text_write(out, grouped, (size_t)at);
}

/* ---- the plugin ---- */

static const vouch_rule_def RULES[] = {
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "luhn", "The Luhn check digit of a card number is right.", NULL, NULL, luhn_validate},
    {sizeof(vouch_rule_def), VOUCH_THREAD_SAFE, "number", "A card number of a known brand, with its length and Luhn check; brands limits the brands.",
     number_create, number_destroy, number_validate},
};

static const vouch_formatter_def FORMATTERS[] = {
    {sizeof(vouch_formatter_def), VOUCH_THREAD_SAFE | VOUCH_MASK, "group", "Groups a card number's digits as its brand prints them.", NULL, NULL,
     group_format},
};

static const vouch_message_def MESSAGES[] = {
    {sizeof(vouch_message_def), "root", "card.digits", "Enter the card number with digits only."},
    {sizeof(vouch_message_def), "root", "card.brand", "This card is not accepted."},
    {sizeof(vouch_message_def), "root", "card.length", "This {brand} card number has the wrong number of digits."},
    {sizeof(vouch_message_def), "root", "card.luhn", "This card number is not valid: check it for typing mistakes."},
    {sizeof(vouch_message_def), "de", "card.digits", "Geben Sie die Kartennummer nur mit Ziffern ein."},
    {sizeof(vouch_message_def), "de", "card.brand", "Diese Karte wird nicht akzeptiert."},
    {sizeof(vouch_message_def), "de", "card.length", "Diese {brand}-Kartennummer hat die falsche Anzahl an Ziffern."},
    {sizeof(vouch_message_def), "de", "card.luhn", "Diese Kartennummer ist ungültig: Prüfen Sie sie auf Tippfehler."},
    {sizeof(vouch_message_def), "fr", "card.digits", "Saisissez le numéro de carte uniquement avec des chiffres."},
    {sizeof(vouch_message_def), "fr", "card.brand", "Cette carte n’est pas acceptée."},
    {sizeof(vouch_message_def), "fr", "card.length", "Ce numéro de carte {brand} n’a pas le bon nombre de chiffres."},
    {sizeof(vouch_message_def), "fr", "card.luhn", "Ce numéro de carte n’est pas valide : vérifiez s’il contient une faute de frappe."},
    {sizeof(vouch_message_def), "ja", "card.digits", "カード番号は数字だけで入力してください。"},
    {sizeof(vouch_message_def), "ja", "card.brand", "このカードはご利用いただけません。"},
    {sizeof(vouch_message_def), "ja", "card.length", "この{brand}のカード番号は桁数が正しくありません。"},
    {sizeof(vouch_message_def), "ja", "card.luhn", "このカード番号は正しくありません。入力ミスがないか確認してください。"},
    {sizeof(vouch_message_def), "nl", "card.digits", "Voer het kaartnummer alleen met cijfers in."},
    {sizeof(vouch_message_def), "nl", "card.brand", "Deze kaart wordt niet geaccepteerd."},
    {sizeof(vouch_message_def), "nl", "card.length", "Dit {brand}-kaartnummer heeft het verkeerde aantal cijfers."},
    {sizeof(vouch_message_def), "nl", "card.luhn", "Dit kaartnummer is ongeldig: controleer het op typefouten."},
    {sizeof(vouch_message_def), "pt", "card.digits", "Digite o número do cartão apenas com dígitos."},
    {sizeof(vouch_message_def), "pt", "card.brand", "Este cartão não é aceito."},
    {sizeof(vouch_message_def), "pt", "card.length", "Este número de cartão {brand} tem a quantidade errada de dígitos."},
    {sizeof(vouch_message_def), "pt", "card.luhn", "Este número de cartão não é válido: verifique se há erros de digitação."},
    {sizeof(vouch_message_def), "tr", "card.digits", "Kart numarasını yalnızca rakamlarla girin."},
    {sizeof(vouch_message_def), "tr", "card.brand", "Bu kart kabul edilmiyor."},
    {sizeof(vouch_message_def), "tr", "card.length", "Bu {brand} kart numarasının hane sayısı yanlış."},
    {sizeof(vouch_message_def), "tr", "card.luhn", "Bu kart numarası geçerli değil: yazım hatası olup olmadığını kontrol edin."},
    {sizeof(vouch_message_def), "es", "card.digits", "Introduzca el número de tarjeta solo con dígitos."},
    {sizeof(vouch_message_def), "es", "card.brand", "No se acepta esta tarjeta."},
    {sizeof(vouch_message_def), "es", "card.length", "Este número de tarjeta {brand} no tiene la cantidad de dígitos correcta."},
    {sizeof(vouch_message_def), "es", "card.luhn", "Este número de tarjeta no es válido: compruebe que no haya errores de escritura."},
    {sizeof(vouch_message_def), "it", "card.digits", "Inserisci il numero della carta usando solo cifre."},
    {sizeof(vouch_message_def), "it", "card.brand", "Questa carta non è accettata."},
    {sizeof(vouch_message_def), "it", "card.length", "Questo numero di carta {brand} ha un numero di cifre errato."},
    {sizeof(vouch_message_def), "it", "card.luhn", "Questo numero di carta non è valido: controlla che non ci siano errori di battitura."},
    {sizeof(vouch_message_def), "pl", "card.digits", "Wpisz numer karty, używając tylko cyfr."},
    {sizeof(vouch_message_def), "pl", "card.brand", "Ta karta nie jest akceptowana."},
    {sizeof(vouch_message_def), "pl", "card.length", "Ten numer karty {brand} ma nieprawidłową liczbę cyfr."},
    {sizeof(vouch_message_def), "pl", "card.luhn", "Ten numer karty jest nieprawidłowy: sprawdź, czy nie ma literówek."},
    {sizeof(vouch_message_def), "ru", "card.digits", "Введите номер карты только цифрами."},
    {sizeof(vouch_message_def), "ru", "card.brand", "Эта карта не принимается."},
    {sizeof(vouch_message_def), "ru", "card.length", "В номере карты {brand} неверное количество цифр."},
    {sizeof(vouch_message_def), "ru", "card.luhn", "Недействительный номер карты: проверьте, нет ли опечаток."},
    {sizeof(vouch_message_def), "uk", "card.digits", "Введіть номер картки лише цифрами."},
    {sizeof(vouch_message_def), "uk", "card.brand", "Ця картка не приймається."},
    {sizeof(vouch_message_def), "uk", "card.length", "У номері картки {brand} неправильна кількість цифр."},
    {sizeof(vouch_message_def), "uk", "card.luhn", "Недійсний номер картки: перевірте, чи немає помилок."},
    {sizeof(vouch_message_def), "cs", "card.digits", "Zadejte číslo karty pouze číslicemi."},
    {sizeof(vouch_message_def), "cs", "card.brand", "Tato karta není přijímána."},
    {sizeof(vouch_message_def), "cs", "card.length", "Toto číslo karty {brand} má nesprávný počet číslic."},
    {sizeof(vouch_message_def), "cs", "card.luhn", "Toto číslo karty není platné: zkontrolujte překlepy."},
    {sizeof(vouch_message_def), "hu", "card.digits", "A kártyaszámot csak számjegyekkel adja meg."},
    {sizeof(vouch_message_def), "hu", "card.brand", "Ezt a kártyát nem fogadjuk el."},
    {sizeof(vouch_message_def), "hu", "card.length", "Ennek a(z) {brand} kártyaszámnak hibás a számjegyeinek száma."},
    {sizeof(vouch_message_def), "hu", "card.luhn", "Ez a kártyaszám érvénytelen: ellenőrizze, nincs-e benne elírás."},
    {sizeof(vouch_message_def), "ro", "card.digits", "Introduceți numărul cardului doar cu cifre."},
    {sizeof(vouch_message_def), "ro", "card.brand", "Acest card nu este acceptat."},
    {sizeof(vouch_message_def), "ro", "card.length", "Acest număr de card {brand} nu are numărul corect de cifre."},
    {sizeof(vouch_message_def), "ro", "card.luhn", "Acest număr de card nu este valid: verificați dacă există greșeli de tastare."},
    {sizeof(vouch_message_def), "el", "card.digits", "Εισαγάγετε τον αριθμό κάρτας μόνο με ψηφία."},
    {sizeof(vouch_message_def), "el", "card.brand", "Αυτή η κάρτα δεν γίνεται δεκτή."},
    {sizeof(vouch_message_def), "el", "card.length", "Αυτός ο αριθμός κάρτας {brand} δεν έχει το σωστό πλήθος ψηφίων."},
    {sizeof(vouch_message_def), "el", "card.luhn", "Αυτός ο αριθμός κάρτας δεν είναι έγκυρος: ελέγξτε για λάθη πληκτρολόγησης."},
    {sizeof(vouch_message_def), "sv", "card.digits", "Ange kortnumret med enbart siffror."},
    {sizeof(vouch_message_def), "sv", "card.brand", "Det här kortet godtas inte."},
    {sizeof(vouch_message_def), "sv", "card.length", "Det här {brand}-kortnumret har fel antal siffror."},
    {sizeof(vouch_message_def), "sv", "card.luhn", "Kortnumret är ogiltigt: kontrollera att det inte innehåller skrivfel."},
    {sizeof(vouch_message_def), "da", "card.digits", "Angiv kortnummeret kun med cifre."},
    {sizeof(vouch_message_def), "da", "card.brand", "Dette kort accepteres ikke."},
    {sizeof(vouch_message_def), "da", "card.length", "Dette {brand}-kortnummer har et forkert antal cifre."},
    {sizeof(vouch_message_def), "da", "card.luhn", "Kortnummeret er ugyldigt: kontrollér det for tastefejl."},
    {sizeof(vouch_message_def), "no", "card.digits", "Skriv inn kortnummeret med bare sifre."},
    {sizeof(vouch_message_def), "no", "card.brand", "Dette kortet godtas ikke."},
    {sizeof(vouch_message_def), "no", "card.length", "Dette {brand}-kortnummeret har feil antall sifre."},
    {sizeof(vouch_message_def), "no", "card.luhn", "Kortnummeret er ugyldig: kontroller det for skrivefeil."},
    {sizeof(vouch_message_def), "fi", "card.digits", "Anna kortin numero pelkkinä numeroina."},
    {sizeof(vouch_message_def), "fi", "card.brand", "Tätä korttia ei hyväksytä."},
    {sizeof(vouch_message_def), "fi", "card.length", "Tässä {brand}-kortin numerossa on väärä määrä numeroita."},
    {sizeof(vouch_message_def), "fi", "card.luhn", "Kortin numero ei kelpaa: tarkista, onko siinä kirjoitusvirheitä."},
    {sizeof(vouch_message_def), "zh", "card.digits", "请只用数字输入卡号。"},
    {sizeof(vouch_message_def), "zh", "card.brand", "不接受此卡。"},
    {sizeof(vouch_message_def), "zh", "card.length", "此 {brand} 卡号的位数不正确。"},
    {sizeof(vouch_message_def), "zh", "card.luhn", "此卡号无效：请检查是否有输入错误。"},
    {sizeof(vouch_message_def), "zh-Hant", "card.digits", "請只用數字輸入卡號。"},
    {sizeof(vouch_message_def), "zh-Hant", "card.brand", "不接受此卡。"},
    {sizeof(vouch_message_def), "zh-Hant", "card.length", "此 {brand} 卡號的位數不正確。"},
    {sizeof(vouch_message_def), "zh-Hant", "card.luhn", "此卡號無效：請檢查是否有輸入錯誤。"},
    {sizeof(vouch_message_def), "ko", "card.digits", "카드 번호는 숫자로만 입력하세요."},
    {sizeof(vouch_message_def), "ko", "card.brand", "이 카드는 사용할 수 없습니다."},
    {sizeof(vouch_message_def), "ko", "card.length", "이 {brand} 카드 번호의 자릿수가 올바르지 않습니다."},
    {sizeof(vouch_message_def), "ko", "card.luhn", "올바른 카드 번호가 아닙니다. 잘못 입력하지 않았는지 확인하세요."},
    {sizeof(vouch_message_def), "hi", "card.digits", "कार्ड नंबर केवल अंकों में दर्ज करें।"},
    {sizeof(vouch_message_def), "hi", "card.brand", "यह कार्ड स्वीकार नहीं किया जाता।"},
    {sizeof(vouch_message_def), "hi", "card.length", "इस {brand} कार्ड नंबर में अंकों की संख्या गलत है।"},
    {sizeof(vouch_message_def), "hi", "card.luhn", "यह कार्ड नंबर मान्य नहीं है: टाइपिंग की गलतियों की जाँच करें।"},
    {sizeof(vouch_message_def), "th", "card.digits", "ป้อนหมายเลขบัตรเป็นตัวเลขเท่านั้น"},
    {sizeof(vouch_message_def), "th", "card.brand", "ไม่รับบัตรนี้"},
    {sizeof(vouch_message_def), "th", "card.length", "หมายเลขบัตร {brand} นี้มีจำนวนหลักไม่ถูกต้อง"},
    {sizeof(vouch_message_def), "th", "card.luhn", "หมายเลขบัตรนี้ไม่ถูกต้อง โปรดตรวจสอบว่าพิมพ์ผิดหรือไม่"},
    {sizeof(vouch_message_def), "vi", "card.digits", "Chỉ nhập số thẻ bằng chữ số."},
    {sizeof(vouch_message_def), "vi", "card.brand", "Thẻ này không được chấp nhận."},
    {sizeof(vouch_message_def), "vi", "card.length", "Số thẻ {brand} này có số chữ số không đúng."},
    {sizeof(vouch_message_def), "vi", "card.luhn", "Số thẻ này không hợp lệ: hãy kiểm tra lỗi gõ phím."},
    {sizeof(vouch_message_def), "id", "card.digits", "Masukkan nomor kartu hanya dengan angka."},
    {sizeof(vouch_message_def), "id", "card.brand", "Kartu ini tidak diterima."},
    {sizeof(vouch_message_def), "id", "card.length", "Jumlah digit nomor kartu {brand} ini salah."},
    {sizeof(vouch_message_def), "id", "card.luhn", "Nomor kartu ini tidak valid: periksa apakah ada salah ketik."},
    {sizeof(vouch_message_def), "ms", "card.digits", "Masukkan nombor kad dengan digit sahaja."},
    {sizeof(vouch_message_def), "ms", "card.brand", "Kad ini tidak diterima."},
    {sizeof(vouch_message_def), "ms", "card.length", "Bilangan digit nombor kad {brand} ini salah."},
    {sizeof(vouch_message_def), "ms", "card.luhn", "Nombor kad ini tidak sah: semak sama ada terdapat kesilapan menaip."},
    {sizeof(vouch_message_def), "he", "card.digits", "יש להזין את מספר הכרטיס בספרות בלבד."},
    {sizeof(vouch_message_def), "he", "card.brand", "הכרטיס הזה אינו מתקבל."},
    {sizeof(vouch_message_def), "he", "card.length", "מספר הספרות במספר כרטיס {brand} הזה שגוי."},
    {sizeof(vouch_message_def), "he", "card.luhn", "מספר הכרטיס אינו תקין: יש לבדוק שאין בו שגיאות הקלדה."},
    {sizeof(vouch_message_def), "ar", "card.digits", "يُرجى إدخال رقم البطاقة بالأرقام فقط."},
    {sizeof(vouch_message_def), "ar", "card.brand", "هذه البطاقة غير مقبولة."},
    {sizeof(vouch_message_def), "ar", "card.length", "عدد أرقام رقم بطاقة {brand} هذا غير صحيح."},
    {sizeof(vouch_message_def), "ar", "card.luhn", "رقم البطاقة هذا غير صالح: يُرجى التحقق من عدم وجود أخطاء في الكتابة."},
    {sizeof(vouch_message_def), "fa", "card.digits", "شماره کارت را فقط با رقم وارد کنید."},
    {sizeof(vouch_message_def), "fa", "card.brand", "این کارت پذیرفته نمی‌شود."},
    {sizeof(vouch_message_def), "fa", "card.length", "تعداد ارقام این شماره کارت {brand} درست نیست."},
    {sizeof(vouch_message_def), "fa", "card.luhn", "این شماره کارت معتبر نیست: آن را از نظر اشتباه تایپی بررسی کنید."},
    {sizeof(vouch_message_def), "bn", "card.digits", "কার্ড নম্বরটি শুধু অঙ্ক দিয়ে লিখুন।"},
    {sizeof(vouch_message_def), "bn", "card.brand", "এই কার্ডটি গ্রহণ করা হয় না।"},
    {sizeof(vouch_message_def), "bn", "card.length", "এই {brand} কার্ড নম্বরে অঙ্কের সংখ্যা সঠিক নয়।"},
    {sizeof(vouch_message_def), "bn", "card.luhn", "এই কার্ড নম্বরটি বৈধ নয়: টাইপের ভুল আছে কিনা যাচাই করুন।"},
};

VOUCH_PLUGIN("card", "1.2.0", "Payment card numbers: Luhn check, brand and length, display grouping.", VOUCH_TABLE(RULES),
             VOUCH_TABLE(FORMATTERS), VOUCH_TABLE(MESSAGES))
