-- The extension's functions through the sqlite3 shell (scripts/db-test loads the extension first).
.headers on
.mode list
.nullvalue NULL
.bail off

-- vouch_valid: kinds, in locales, and rules.
SELECT column1 AS value, vouch_valid('phone', column1) AS en_US, vouch_valid('phone', column1, 'de-DE') AS de_DE
FROM (VALUES ('(201) 555-0123'), ('+1 415 555 0199'), ('12345'), ('030 901820'), (''));
SELECT vouch_valid('zip', '94103'), vouch_valid('zip', '9410'), vouch_valid('zip', '01310-100', 'pt-BR'),
       vouch_valid('email', 'ada@example.com'), vouch_valid('email', 'no-at-sign');
-- Values longer than the memory a value's record starts in (300 zeros).
SELECT vouch_valid('url', 'https://example.com/' || hex(zeroblob(150))) AS long_url,
       vouch_valid('email', hex(zeroblob(150)) || '@example.com') AS long_local_part,
       vouch_errors('url', 'https://example.com/' || hex(zeroblob(150))) AS long_url_errors;

-- vouch_format: canonical by default, display on request; NULL for what is not valid.
SELECT column1 AS value, vouch_format('phone', column1) AS canonical, vouch_format('phone', column1, 'en-US', 0) AS display
FROM (VALUES ('2015550123'), ('+1 (415) 555-0199'), ('12345'));
SELECT vouch_format('date', '12/10/1985'), vouch_format('date', '10.12.1985', 'de-DE', 0), vouch_format('name', 'ada lovelace'),
       vouch_format('password', 'correct horse'), vouch_format('trim', '  a  ');

-- Text with quotes, a backslash, a tab and characters outside ASCII comes back as it went in.
SELECT vouch_format('text', '  say "hi" \ to zoë' || char(9) || 'and 😀  '), vouch_format('name', 'zoë o''brien-núñez', 'en-US', 0);

-- vouch_errors.
SELECT vouch_errors('phone', '12345'), vouch_errors('phone', '(201) 555-0123'), vouch_errors('zip', '1234a', 'fr-FR');

-- Plugins, found as `vouch` finds them.
SELECT vouch_valid('card.luhn', '4111 1111 1111 1111'), vouch_valid('card.luhn', '4111 1111 1111 1112'),
       vouch_format('card.group', '4111111111111111'), vouch_valid('iban.iban', 'DE89 3704 0044 0532 0130 00');

-- NULL in, NULL out.
SELECT vouch_valid('phone', NULL), vouch_valid(NULL, '1'), vouch_format('phone', '1', NULL), vouch_errors('phone', NULL),
       vouch_check(NULL, '{}'), vouch_check_valid('{}', NULL);

-- vouch_check, on a record of Examples/signups.jsonl (JSON text, over several lines too).
SELECT vouch_check(readfile('../../Examples/signup.form.json'), '{"first_name": "ada", "last_name": "lovelace", "email": "ada@example.com", "phone": "2015550123", "zip": "94103", "state": "CA", "birth_date": "12/10/1985", "website": "https://example.com/ada", "password": "correct horse", "password_confirm": "correct horse", "newsletter": "yes", "topics": "swift, forms"}');
SELECT vouch_check(readfile('../../Examples/signup.form.json'), '{"first_name": "",
  "last_name": "turing", "phone": "12345", "password": "short", "password_confirm": "shorter"}');
SELECT vouch_check_valid(readfile('../../Examples/signup.form.json'), '{"first_name": "Ada"}'),
       vouch_check_valid('{"vouch": 1, "fields": [{"name": "n", "kind": "number"}]}', '{"n": 42}');
SELECT instr(vouch_check(readfile('../../Examples/signup.form.json'), '{"password": "hunter2", "password_confirm": "hunter3"}'), 'hunter') AS password_shown;

-- What each function promises: deterministic ones in a generated column, the others not.
CREATE TABLE contacts (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    phone TEXT CHECK (vouch_valid('phone', phone, 'en-US')),
    zip TEXT CHECK (vouch_valid('zip', zip, 'en-US')),
    phone_e164 TEXT GENERATED ALWAYS AS (vouch_format('phone', phone, 'en-US', 1)) STORED
);
INSERT INTO contacts (name, phone, zip) VALUES ('Ada', '(201) 555-0123', '94103'), ('Grace', '+1 415 555 0199', NULL), ('Alan', NULL, '10001-1234');
INSERT INTO contacts (name, phone) VALUES ('Bad', '12345');
INSERT INTO contacts (name, zip) VALUES ('Bad', '1234a');
SELECT name, phone, zip, phone_e164 FROM contacts ORDER BY id;
CREATE TABLE dated (record TEXT, valid INTEGER GENERATED ALWAYS AS (vouch_check_valid('{"vouch": 1, "fields": []}', record)));
CREATE TABLE signups (data TEXT NOT NULL CHECK (vouch_check_valid('{"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}]}', data)));
INSERT INTO signups VALUES ('{"email": "ada@example.com"}');
INSERT INTO signups VALUES ('{"email": "no-at-sign"}');
SELECT count(*) FROM signups;

-- The rows to fix, and why.
CREATE TABLE old_contacts (id INTEGER, phone TEXT);
INSERT INTO old_contacts VALUES (1, '(201) 555-0123'), (2, '555-0123'), (3, '12345');
SELECT id, json_extract(vouch_errors('phone', phone), '$[0].message') AS to_fix FROM old_contacts WHERE NOT vouch_valid('phone', phone);

-- Errors, with where in the spec.
SELECT vouch_valid('phon', '1');
SELECT vouch_format('phon', '1');
SELECT vouch_valid('phone', '1', 'xx-!!');
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "a", "kind": "phon"}]}', '{}');
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "a"}, {"name": "b", "kind": "text", "rules": [{"rule": "length", "min": "x"}]}]}', '{}');
SELECT vouch_check('not json', '{}');
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "p", "kind": "password"}]}', '[1]');
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "p", "kind": "password"}]}', '{"p": hunter2}');
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "p", "kind": "password"}]}', '{"p": "hunter2"} {}');
SELECT vouch_check_valid('{"vouch": 1, "fields": [{"name": "p", "kind": "password"}]}', '{"p": hunter2}');
SELECT vouch_check_valid('{"vouch": 1, "fields": [{"name": "p", "kind": "password"}]}', '"hunter2"');

-- Many rows through one statement: the form is compiled once, and every answer is the same.
WITH RECURSIVE i(n) AS (SELECT 0 UNION ALL SELECT n + 1 FROM i WHERE n < 4999)
SELECT sum(vouch_valid('phone', '(201) 555-' || substr('000' || n, -4))) AS valid_phones,
       count(DISTINCT vouch_format('phone', '(201) 555-' || substr('000' || n, -4))) AS distinct_canonical,
       sum(vouch_check_valid(readfile('../../Examples/signup.form.json'), json_object('first_name', 'a' || n))) AS valid_records
FROM i;

-- More forms than a connection keeps (128): each compiled again when it is used, every answer right.
WITH RECURSIVE i(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM i WHERE n < 300)
SELECT sum(vouch_check_valid(json_object('vouch', 1, 'fields', json_array(json_object('name', 'n', 'kind', 'number', 'max', n))),
           '{"n": 5}')) AS valid
FROM i, (SELECT 1 UNION ALL SELECT 2);
