-- Vouch's checks in SQL (docs/databases.md). Every function is STRICT: NULL in, NULL out.
\echo Use "CREATE EXTENSION vouch" to load this file. \quit

-- By kind or rule, with no parameters and no clock: the same arguments give the same answer for
-- as long as the installed Vouch, its plugins and VOUCH_PACK_PATH's packs stay the same, so these
-- are IMMUTABLE and may go into CHECK constraints, generated columns and indexes.

-- Whether `value` is valid for the kind (`phone`, `zip`) or, when no kind has the name, the rule
-- (`email`, `card.luhn`) in `locale`. An empty value is valid (an optional field).
CREATE FUNCTION vouch_valid(kind text, value text, locale text DEFAULT 'en-US')
RETURNS boolean
AS 'MODULE_PATHNAME', 'vouch_valid'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- The kind's canonical form of a valid value (`+12015550123`), or its display form with
-- canonical => false (`(201) 555-0123`); NULL when the value is not valid, is empty, or is a
-- password. A name that is no kind's is a formatter's (`trim`, `card.group`): its output.
CREATE FUNCTION vouch_format(kind text, value text, locale text DEFAULT 'en-US', canonical boolean DEFAULT true)
RETURNS text
AS 'MODULE_PATHNAME', 'vouch_format'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- Why `value` is not valid: [{"code", "message", "args"}], [] when it is.
CREATE FUNCTION vouch_errors(kind text, value text, locale text DEFAULT 'en-US')
RETURNS jsonb
AS 'MODULE_PATHNAME', 'vouch_errors'
LANGUAGE C IMMUTABLE STRICT PARALLEL SAFE;

-- By form spec: a form may bound a date by the day it is checked ("max": "today-18y"), read from
-- the clock at each call, so these are VOLATILE. They may go into CHECK constraints (which check
-- a row when it is written), never into generated columns or indexes.

-- The object `vouch check` writes for the record, without its record number:
-- {"valid", "values", "errors": [{"field", "code", "message", "args"}]}. Never a password.
CREATE FUNCTION vouch_check(form jsonb, record jsonb)
RETURNS jsonb
AS 'MODULE_PATHNAME', 'vouch_check'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;

-- Whether the record is valid for the form.
CREATE FUNCTION vouch_check_valid(form jsonb, record jsonb)
RETURNS boolean
AS 'MODULE_PATHNAME', 'vouch_check_valid'
LANGUAGE C VOLATILE STRICT PARALLEL SAFE;
