// The data compiled into Vouch: the locale packs and their messages, the phone plans, the postal
// codes and the regions, each file's bytes as the repository keeps it (embedded.c includes them
// with #embed when Vouch is built).
#ifndef VOUCH_DATA_H
#define VOUCH_DATA_H

#include <stddef.h>

/// One data file: its name (a pack's locale, `root`, or the file's name) and its bytes.
typedef struct {
    const char *name;
    const unsigned char *bytes;
    size_t count;
} vouch_data_file;

/// The locale packs of packs/: root, then the languages (messages), then the countries; a
/// parent always comes before its children.
const vouch_data_file *vouch_data_packs(size_t *count);

/// messages/messages.json: the built-in messages, every code's template in every language,
/// keyed by code, then by locale; the packs of packs/ carry none of their own.
vouch_data_file vouch_data_messages(void);

/// phone/phone-plans.json, written by scripts/generate-phone-data.
vouch_data_file vouch_data_phone_plans(void);

/// postal/postal-codes.json, written by scripts/generate-postal-data: every country's postal
/// codes from Google's address metadata.
vouch_data_file vouch_data_postal_codes(void);

/// regions/regions.json, written by scripts/generate-region-data: every country's ISO 3166-2
/// subdivisions and their translated names, from Debian's iso-codes.
vouch_data_file vouch_data_regions(void);

#endif
