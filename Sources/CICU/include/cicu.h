// ICU4C (Debian's libicu-dev) for `--collate` and `--search-locale`, behind plain C types: ICU's
// own headers can't be imported next to Foundation's private copy of ICU (`_FoundationICU`,
// whose enums clash with them), and ICU's C names are version-renamed macros Swift can't call.
#ifndef USERLIST_CICU_H
#define USERLIST_CICU_H
#include <stdint.h>

/// The ICU locale id (`sv_SE`) of a BCP-47 tag (`sv-SE`) in `out`; -1 when the tag is not
/// well-formed, 1 when its language has a collation among the installed locales, else 0.
int userlist_icu_locale(const char *tag, char *out, int32_t capacity);

/// A collator for an ICU locale id, or NULL.
void *userlist_icu_collator(const char *locale);
void userlist_icu_close(void *collator);

/// The sort key of UTF-16 `text` into `out`: its length with the final 00 (more than `capacity`
/// when `out` was too small: call again with room).
int32_t userlist_icu_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *out, int32_t capacity);

/// `text` lower-cased by `locale`'s rules (Turkish `I` → `ı`) into `out`: its length (more than
/// `capacity`: call again with room), or -1.
int32_t userlist_icu_lower(const char *locale, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity);
#endif
