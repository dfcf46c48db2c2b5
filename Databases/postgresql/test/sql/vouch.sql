-- The extension's functions, as a user calls them. The errors are caught and shown with their
-- SQLSTATE, message and detail by pg_temp.attempt.
CREATE EXTENSION vouch;
\set signup `cat ../../Examples/signup.form.json`

CREATE FUNCTION pg_temp.attempt(query text) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    state text; message text; detail text;
BEGIN
    EXECUTE query;
    RETURN 'no error';
EXCEPTION WHEN OTHERS THEN
    GET STACKED DIAGNOSTICS state = RETURNED_SQLSTATE, message = MESSAGE_TEXT, detail = PG_EXCEPTION_DETAIL;
    RETURN state || ': ' || message || CASE WHEN detail <> '' THEN ' | ' || detail ELSE '' END;
END $$;

-- What each function promises the planner.
SELECT proname, pg_get_function_arguments(oid) AS arguments, provolatile, proisstrict, proparallel
FROM pg_proc WHERE proname LIKE 'vouch%' ORDER BY proname;

-- vouch_valid: kinds, in locales, and rules.
SELECT value, vouch_valid('phone', value) AS "en-US", vouch_valid('phone', value, 'de-DE') AS "de-DE"
FROM (VALUES ('(201) 555-0123'), ('+1 415 555 0199'), ('12345'), ('030 901820'), ('+49 30 901820'), ('')) AS t(value);
SELECT vouch_valid('zip', '94103'), vouch_valid('zip', '9410'), vouch_valid('zip', '01310-100', 'pt-BR'),
       vouch_valid('email', 'ada@example.com'), vouch_valid('email', 'no-at-sign'),
       vouch_valid('date', '02/30/2020'), vouch_valid('date', '22.02.1982', 'de-DE');
-- Values longer than the memory a value's record starts in.
SELECT vouch_valid('url', 'https://example.com/' || repeat('a', 300)) AS long_url,
       vouch_valid('email', repeat('a', 300) || '@example.com') AS long_local_part,
       vouch_errors('url', 'https://example.com/' || repeat('a', 300)) AS long_url_errors;

-- vouch_format: canonical by default, display on request; NULL for what is not valid.
SELECT value, vouch_format('phone', value) AS canonical, vouch_format('phone', value, 'en-US', false) AS display
FROM (VALUES ('2015550123'), ('+1 (415) 555-0199'), ('12345'), ('')) AS t(value);
SELECT vouch_format('date', '12/10/1985'), vouch_format('date', '12/10/1985', 'en-US', false),
       vouch_format('name', 'ada lovelace'), vouch_format('email', 'Ada@Example.COM'),
       vouch_format('zip', '01310100', 'pt-BR', false), vouch_format('password', 'correct horse');
-- Text with quotes, a backslash, a tab and characters outside ASCII comes back as it went in.
SELECT vouch_format('text', E'  say "hi" \\ to zoë\tand 😀  '), vouch_format('name', 'zoë o''brien-núñez', 'en-US', false);
-- A name that is no kind's is a formatter's.
SELECT vouch_format('trim', '  a  b  '), vouch_format('digits', '(201) 555-0123');

-- vouch_errors: code, message and arguments; [] for a valid value.
SELECT vouch_errors('phone', '12345'), vouch_errors('phone', '(201) 555-0123');
SELECT vouch_errors('zip', '1234a'), vouch_errors('zip', '1234a', 'fr-FR');
SELECT vouch_errors('date', '13/45/2001', 'de-DE');

-- Plugins, found as `vouch` finds them: the card and iban plugins installed beside libvouch.
SELECT vouch_valid('card.luhn', '4111 1111 1111 1111'), vouch_valid('card.luhn', '4111 1111 1111 1112'),
       vouch_errors('card.luhn', '4111 1111 1111 1112'), vouch_format('card.group', '4111111111111111'),
       vouch_valid('iban.iban', 'DE89 3704 0044 0532 0130 00');

-- NULL in, NULL out.
SELECT vouch_valid('phone', NULL) IS NULL, vouch_valid(NULL, '1') IS NULL, vouch_valid('phone', '1', NULL) IS NULL,
       vouch_format('phone', NULL) IS NULL, vouch_format('phone', '2015550123', 'en-US', NULL) IS NULL,
       vouch_errors('phone', NULL) IS NULL, vouch_check(:'signup', NULL) IS NULL, vouch_check(NULL, '{}') IS NULL,
       vouch_check_valid(:'signup', NULL) IS NULL;

-- vouch_check: the object `vouch check` writes for a record (Examples/signups.jsonl).
SELECT jsonb_pretty(vouch_check(:'signup', '{"first_name": "ada", "last_name": "lovelace", "email": "ada@example.com", "phone": "2015550123", "zip": "94103", "state": "CA", "birth_date": "12/10/1985", "website": "https://example.com/ada", "password": "correct horse", "password_confirm": "correct horse", "newsletter": "yes", "topics": "swift, forms"}'));
SELECT jsonb_pretty(vouch_check(:'signup', '{"first_name": "", "last_name": "turing", "email": "no-at-sign.example.com", "phone": "12345", "zip": "1234a", "state": "ZZ", "birth_date": "13/45/2001", "website": "ht!tp://bad url", "password": "short", "password_confirm": "shorter", "newsletter": "maybe"}'));
-- A record of every JSON type, containers nested in containers, strings that need escaping:
-- Vouch reads each value as written.
SELECT jsonb_pretty(vouch_check('{"vouch": 1, "fields": [{"name": "t", "kind": "text"}, {"name": "n", "kind": "number"}, {"name": "c", "kind": "boolean"}, {"name": "tags", "kind": "tokens"}, {"name": "e", "kind": "text"}, {"name": "long", "kind": "text"}]}',
    '{"t": "a\"b\\c\u0001\n\té ☃", "n": -12.5e3, "c": true, "tags": ["x", "y"], "e": null, "long": "a line of some length \u0007, with \"quotes\" and \\ further on in it\u001f", "z": {"a": [1, null, false, {}, [[]], 1e-7], "b": []}}'));
SELECT vouch_check('{"vouch": 1, "fields": [{"name": "tags", "kind": "tokens"}]}', '{"tags": [{"a": [1, {"b": "c"}]}, "x"]}')->'errors' AS nested_token;
-- Records read straight from jsonb's entries: 42 members (jsonb keeps an offset instead of a
-- length at every 32nd entry), a number after strings of odd lengths (a number starts on a 4-byte
-- boundary), strings of every length from 1 to 40 with a byte to escape at every place in them.
WITH records AS (
    SELECT r, jsonb_object_agg('k' || lpad(j::text, 2, '0'),
                               overlay(left(repeat('abcdefghij', 4), 1 + (j + r) % 40)
                                       PLACING (ARRAY['"', '\', chr(1), chr(31), 'é'])[r % 5 + 1]
                                       FROM 1 + (r * 7 + j) % (1 + (j + r) % 40) FOR 1))
              || jsonb_build_object('number', 12345 + r, 'flag', r % 2 = 0) AS record
    FROM generate_series(0, 79) AS r, generate_series(0, 39) AS j GROUP BY r),
form AS (
    SELECT jsonb_build_object('vouch', 1, 'fields', jsonb_agg(jsonb_build_object('name', 'k' || lpad(j::text, 2, '0'), 'kind', 'text'))
               || '[{"name": "number", "kind": "number"}, {"name": "flag", "kind": "boolean"}]') AS spec
    FROM generate_series(0, 39) AS j)
SELECT count(*) AS records, count(*) FILTER (WHERE vouch_check(spec, record)->'values' = record) AS read_as_stored
FROM records, form;
SELECT vouch_check_valid(:'signup', '{"first_name": "Ada"}'), vouch_check_valid('{"vouch": 1, "fields": [{"name": "n", "kind": "number"}]}', '{"n": 42}');
-- Validity alone reads a record's members where jsonb keeps them: it says what the whole result
-- says, on records of every type, valid or not.
WITH forms(spec) AS (VALUES ('{"vouch": 1, "fields": [{"name": "t", "kind": "text", "rules": [{"rule": "length", "max": 5}]}, {"name": "n", "kind": "number", "max": 10}, {"name": "c", "kind": "boolean"}, {"name": "tags", "kind": "tokens", "rules": [{"rule": "one_of", "values": ["x", "y"]}]}]}'::jsonb)),
records(record) AS (VALUES ('{"t": "abc", "n": 5, "c": true, "tags": ["x", "y"]}'::jsonb), ('{"t": "abcdef"}'), ('{"n": 11}'), ('{"n": "7"}'),
    ('{"c": false, "t": null}'), ('{"c": "maybe"}'), ('{"tags": ["x", "z"]}'), ('{"tags": "y, x"}'), ('{"tags": [{"a": 1}]}'),
    ('{"t": {"a": [1, null]}}'), ('{"t": "a\"b", "other": [1, 2]}'), ('{"t": "é☃"}'), ('{}'))
SELECT record, vouch_check_valid(spec, record) AS valid, vouch_check_valid(spec, record) = (vouch_check(spec, record)->>'valid')::boolean AS agrees
FROM forms, records;
-- A password's value is in no result and no error.
SELECT position('hunter' IN vouch_check(:'signup', '{"password": "hunter2", "password_confirm": "hunter3"}')::text) AS password_shown;
SELECT pg_temp.attempt($q$SELECT vouch_check('{"vouch": 1, "fields": [{"name": "p", "kind": "password", "rules": [{"rule": "length", "min": 8}]}]}', '[{"p": "hunter2"}]')$q$);

-- Errors: their SQLSTATE, and where in the spec in DETAIL.
SELECT pg_temp.attempt($q$SELECT vouch_valid('phon', '1')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_valid('nope.luhn', '1')$q$) LIKE '42704: vouch_valid: no kind or rule is named "nope.luhn" (no plugin named "nope": looked for %' AS unknown_plugin;
SELECT pg_temp.attempt($q$SELECT vouch_format('phon', '1')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_valid('phone', '1', 'xx-!!')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_errors('phone', '1', 'xx-YY')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_check('{"vouch": 1, "fields": [{"name": "a", "kind": "phon"}]}', '{}')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_check('{"vouch": 1, "fields": [{"name": "a"}, {"name": "b", "kind": "text", "rules": [{"rule": "length", "min": "x"}]}]}', '{}')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_check_valid('{"vouch": 1, "fields": [{"name": "a", "rules": [{"rule": "card.nope"}]}]}', '{}')$q$);
SELECT pg_temp.attempt($q$SELECT vouch_check('[1]', '{}')$q$);
SELECT pg_temp.attempt(format('SELECT vouch_check(%L, %L)', :'signup', '"text"'));
SELECT pg_temp.attempt($q$SELECT vouch_valid('length', 'abc')$q$);

-- A table whose CHECK constraints refuse what Vouch refuses, with the E.164 form generated.
CREATE TABLE contacts (
    id serial PRIMARY KEY,
    name text NOT NULL,
    phone text CHECK (vouch_valid('phone', phone, 'en-US')),
    zip text CHECK (vouch_valid('zip', zip, 'en-US')),
    phone_e164 text GENERATED ALWAYS AS (vouch_format('phone', phone, 'en-US', true)) STORED
);
INSERT INTO contacts (name, phone, zip) VALUES ('Ada', '(201) 555-0123', '94103'), ('Grace', '+1 415 555 0199', NULL),
    ('Alan', NULL, '10001-1234');
SELECT pg_temp.attempt($q$INSERT INTO contacts (name, phone) VALUES ('Bad', '12345')$q$);
SELECT pg_temp.attempt($q$INSERT INTO contacts (name, zip) VALUES ('Bad', '1234a')$q$);
SELECT pg_temp.attempt($q$UPDATE contacts SET phone = '555' WHERE name = 'Ada'$q$);
SELECT name, phone, zip, phone_e164 FROM contacts ORDER BY id;
UPDATE contacts SET phone = '415.555.0142' WHERE name = 'Alan';
SELECT name, phone_e164 FROM contacts ORDER BY id;

-- A whole record checked by a form in a CHECK constraint.
CREATE TABLE signups (id serial PRIMARY KEY, data jsonb NOT NULL CHECK (vouch_check_valid(
    '{"vouch": 1, "fields": [{"name": "email", "kind": "email", "required": true}, {"name": "phone", "kind": "phone"}]}', data)));
INSERT INTO signups (data) VALUES ('{"email": "ada@example.com", "phone": "2015550123"}'), ('{"email": "grace@example.com"}');
SELECT pg_temp.attempt($q$INSERT INTO signups (data) VALUES ('{"email": "no-at-sign", "phone": "2015550123"}')$q$);
SELECT count(*) FROM signups;

-- Rows already stored (from before the constraints), and what to fix in each.
CREATE TABLE old_contacts (id int, phone text, zip text);
INSERT INTO old_contacts VALUES (1, '(201) 555-0123', '94103'), (2, '555-0123', '94103'), (3, '2015550123', '9410'),
    (4, NULL, 'abcde');
SELECT id, jsonb_path_query_array(checked, '$.errors[*].message') AS to_fix
FROM old_contacts, vouch_check('{"vouch": 1, "fields": [{"name": "phone", "kind": "phone"}, {"name": "zip", "kind": "zip"}]}',
                               jsonb_build_object('phone', phone, 'zip', zip)) AS checked
WHERE NOT (checked->>'valid')::boolean
ORDER BY id;
SELECT id, vouch_errors('phone', phone) AS phone_errors FROM old_contacts WHERE NOT vouch_valid('phone', phone) ORDER BY id;

-- Many rows through one call site: the form is compiled once, and every answer is the same.
SELECT count(*) FILTER (WHERE vouch_valid('phone', '(201) 555-' || lpad(i::text, 4, '0'))) AS valid_phones,
       count(DISTINCT vouch_format('phone', '(201) 555-' || lpad(i::text, 4, '0'))) AS distinct_canonical,
       count(*) FILTER (WHERE vouch_check_valid(:'signup', jsonb_build_object('first_name', 'a' || i))) AS valid_records
FROM generate_series(0, 9999) AS i;

-- More forms than a backend keeps (128): each compiled again when it is used, every answer right,
-- at call sites whose spec or kind is a constant too.
SELECT count(*) FILTER (WHERE vouch_check_valid(jsonb_build_object('vouch', 1, 'fields',
           jsonb_build_array(jsonb_build_object('name', 'n', 'kind', 'number', 'max', i))), '{"n": 5}')) AS valid,
       count(*) FILTER (WHERE vouch_valid('number', (i % 7)::text, (ARRAY['en-US', 'de-DE', 'fr-FR'])[i % 3 + 1])) AS numbers,
       count(*) FILTER (WHERE vouch_check_valid('{"vouch": 1, "fields": [{"name": "n", "kind": "number", "max": 3}]}',
           jsonb_build_object('n', i % 5))) AS constant_spec,
       count(*) FILTER (WHERE vouch_valid('zip', lpad((i % 1000)::text, 5, '0') || CASE WHEN i % 2 = 0 THEN '' ELSE 'x' END, 'en-US'))
           AS constant_kind
FROM generate_series(1, 300) AS i, generate_series(1, 2) AS again;

-- A call site whose spec or kind is a PL/pgSQL variable is evaluated again with each new value
-- (a parameter, not a constant): each answer is by the spec or kind it was given.
CREATE FUNCTION pg_temp.by_each(specs jsonb[], kinds text[]) RETURNS text LANGUAGE plpgsql AS $$
DECLARE
    spec jsonb; kind text; answers text := '';
BEGIN
    FOREACH spec IN ARRAY specs LOOP
        answers := answers || vouch_check_valid(spec, '{"n": 10}')::text || ' ';
    END LOOP;
    FOREACH kind IN ARRAY kinds LOOP
        answers := answers || vouch_valid(kind, '94103')::text || ' ';
    END LOOP;
    RETURN answers;
END $$;
SELECT pg_temp.by_each(ARRAY['{"vouch": 1, "fields": [{"name": "n", "kind": "number", "max": 5}]}',
                             '{"vouch": 1, "fields": [{"name": "n", "kind": "number", "max": 50}]}',
                             '{"vouch": 1, "fields": [{"name": "n", "kind": "number", "max": 5}]}']::jsonb[],
                       ARRAY['phone', 'zip', 'phone']);
