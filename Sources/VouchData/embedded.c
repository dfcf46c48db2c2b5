// The data files, included byte for byte at compile time (C23 #embed): the compiler reads them
// in milliseconds, where an array literal of the same bytes takes a Swift compiler minutes.
#include "vouch_data.h"

#pragma clang diagnostic ignored "-Wc23-extensions"

static const unsigned char pack_root[] = {
#embed "packs/root.json"
};
static const unsigned char pack_de[] = {
#embed "packs/de.json"
};
static const unsigned char pack_fr[] = {
#embed "packs/fr.json"
};
static const unsigned char pack_ja[] = {
#embed "packs/ja.json"
};
static const unsigned char pack_nl[] = {
#embed "packs/nl.json"
};
static const unsigned char pack_pt[] = {
#embed "packs/pt.json"
};
static const unsigned char pack_tr[] = {
#embed "packs/tr.json"
};
static const unsigned char pack_es[] = {
#embed "packs/es.json"
};
static const unsigned char pack_it[] = {
#embed "packs/it.json"
};
static const unsigned char pack_pl[] = {
#embed "packs/pl.json"
};
static const unsigned char pack_ru[] = {
#embed "packs/ru.json"
};
static const unsigned char pack_uk[] = {
#embed "packs/uk.json"
};
static const unsigned char pack_cs[] = {
#embed "packs/cs.json"
};
static const unsigned char pack_hu[] = {
#embed "packs/hu.json"
};
static const unsigned char pack_ro[] = {
#embed "packs/ro.json"
};
static const unsigned char pack_el[] = {
#embed "packs/el.json"
};
static const unsigned char pack_sv[] = {
#embed "packs/sv.json"
};
static const unsigned char pack_da[] = {
#embed "packs/da.json"
};
static const unsigned char pack_no[] = {
#embed "packs/no.json"
};
static const unsigned char pack_fi[] = {
#embed "packs/fi.json"
};
static const unsigned char pack_zh[] = {
#embed "packs/zh.json"
};
static const unsigned char pack_zh_Hant[] = {
#embed "packs/zh-Hant.json"
};
static const unsigned char pack_ko[] = {
#embed "packs/ko.json"
};
static const unsigned char pack_hi[] = {
#embed "packs/hi.json"
};
static const unsigned char pack_th[] = {
#embed "packs/th.json"
};
static const unsigned char pack_vi[] = {
#embed "packs/vi.json"
};
static const unsigned char pack_id[] = {
#embed "packs/id.json"
};
static const unsigned char pack_ms[] = {
#embed "packs/ms.json"
};
static const unsigned char pack_he[] = {
#embed "packs/he.json"
};
static const unsigned char pack_ar[] = {
#embed "packs/ar.json"
};
static const unsigned char pack_fa[] = {
#embed "packs/fa.json"
};
static const unsigned char pack_bn[] = {
#embed "packs/bn.json"
};
static const unsigned char pack_de_DE[] = {
#embed "packs/de-DE.json"
};
static const unsigned char pack_en_GB[] = {
#embed "packs/en-GB.json"
};
static const unsigned char pack_en_US[] = {
#embed "packs/en-US.json"
};
static const unsigned char pack_fr_FR[] = {
#embed "packs/fr-FR.json"
};
static const unsigned char pack_ja_JP[] = {
#embed "packs/ja-JP.json"
};
static const unsigned char pack_nl_NL[] = {
#embed "packs/nl-NL.json"
};
static const unsigned char pack_pt_BR[] = {
#embed "packs/pt-BR.json"
};
static const unsigned char pack_tr_TR[] = {
#embed "packs/tr-TR.json"
};

static const vouch_data_file packs[] = {
    {"root", pack_root, sizeof pack_root},
    {"de", pack_de, sizeof pack_de},
    {"fr", pack_fr, sizeof pack_fr},
    {"ja", pack_ja, sizeof pack_ja},
    {"nl", pack_nl, sizeof pack_nl},
    {"pt", pack_pt, sizeof pack_pt},
    {"tr", pack_tr, sizeof pack_tr},
    {"es", pack_es, sizeof pack_es},
    {"it", pack_it, sizeof pack_it},
    {"pl", pack_pl, sizeof pack_pl},
    {"ru", pack_ru, sizeof pack_ru},
    {"uk", pack_uk, sizeof pack_uk},
    {"cs", pack_cs, sizeof pack_cs},
    {"hu", pack_hu, sizeof pack_hu},
    {"ro", pack_ro, sizeof pack_ro},
    {"el", pack_el, sizeof pack_el},
    {"sv", pack_sv, sizeof pack_sv},
    {"da", pack_da, sizeof pack_da},
    {"no", pack_no, sizeof pack_no},
    {"fi", pack_fi, sizeof pack_fi},
    {"zh", pack_zh, sizeof pack_zh},
    {"zh-Hant", pack_zh_Hant, sizeof pack_zh_Hant},
    {"ko", pack_ko, sizeof pack_ko},
    {"hi", pack_hi, sizeof pack_hi},
    {"th", pack_th, sizeof pack_th},
    {"vi", pack_vi, sizeof pack_vi},
    {"id", pack_id, sizeof pack_id},
    {"ms", pack_ms, sizeof pack_ms},
    {"he", pack_he, sizeof pack_he},
    {"ar", pack_ar, sizeof pack_ar},
    {"fa", pack_fa, sizeof pack_fa},
    {"bn", pack_bn, sizeof pack_bn},
    {"de-DE", pack_de_DE, sizeof pack_de_DE},
    {"en-GB", pack_en_GB, sizeof pack_en_GB},
    {"en-US", pack_en_US, sizeof pack_en_US},
    {"fr-FR", pack_fr_FR, sizeof pack_fr_FR},
    {"ja-JP", pack_ja_JP, sizeof pack_ja_JP},
    {"nl-NL", pack_nl_NL, sizeof pack_nl_NL},
    {"pt-BR", pack_pt_BR, sizeof pack_pt_BR},
    {"tr-TR", pack_tr_TR, sizeof pack_tr_TR},
};

const vouch_data_file *vouch_data_packs(size_t *count) {
    *count = sizeof packs / sizeof packs[0];
    return packs;
}

static const unsigned char messages[] = {
#embed "messages/messages.json"
};

static const unsigned char phone_plans[] = {
#embed "phone/phone-plans.json"
};

static const unsigned char postal_codes[] = {
#embed "postal/postal-codes.json"
};

static const unsigned char regions[] = {
#embed "regions/regions.json"
};

/* The function that gives one data file: its name and its bytes. */
#define DATA_FILE(function, name, bytes) \
    vouch_data_file function(void) { return (vouch_data_file){name, bytes, sizeof bytes}; }

DATA_FILE(vouch_data_messages, "messages.json", messages)
DATA_FILE(vouch_data_phone_plans, "phone-plans.json", phone_plans)
DATA_FILE(vouch_data_postal_codes, "postal-codes.json", postal_codes)
DATA_FILE(vouch_data_regions, "regions.json", regions)
