#include "cicu.h"
#include <string.h>
#include <strings.h>
#include <unicode/ucol.h>
#include <unicode/uloc.h>
#include <unicode/ustring.h>

int userlist_icu_locale(const char *tag, char *out, int32_t capacity) {
    // `und` (BCP-47's undetermined language) is ICU's root locale: its collation is the
    // Unicode Collation Algorithm's default order, which every other one tailors.
    if (strcasecmp(tag, "und") == 0 || strcasecmp(tag, "root") == 0) {
        if (capacity < 5) return -1;
        strcpy(out, "root");
        return 1;
    }
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    int32_t length = uloc_forLanguageTag(tag, out, capacity, &parsed, &status);
    if (U_FAILURE(status) || length <= 0 || parsed != (int32_t)strlen(tag)) return -1;
    char language[ULOC_LANG_CAPACITY];
    status = U_ZERO_ERROR;
    uloc_getLanguage(out, language, sizeof language, &status);
    if (U_FAILURE(status) || language[0] == 0) return -1;
    int32_t count = ucol_countAvailable();
    for (int32_t i = 0; i < count; i++) {
        char available[ULOC_LANG_CAPACITY];
        status = U_ZERO_ERROR;
        uloc_getLanguage(ucol_getAvailable(i), available, sizeof available, &status);
        if (U_SUCCESS(status) && strcmp(available, language) == 0) return 1;
    }
    return 0;
}

void *userlist_icu_collator(const char *locale) {
    UErrorCode status = U_ZERO_ERROR;
    UCollator *collator = ucol_open(locale, &status);
    if (U_FAILURE(status)) {
        if (collator) ucol_close(collator);
        return NULL;
    }
    return collator;
}

void userlist_icu_close(void *collator) { ucol_close((UCollator *)collator); }

int32_t userlist_icu_sort_key(const void *collator, const uint16_t *text, int32_t length, uint8_t *out, int32_t capacity) {
    return ucol_getSortKey((const UCollator *)collator, (const UChar *)text, length, out, capacity);
}

int32_t userlist_icu_lower(const char *locale, const uint16_t *text, int32_t length, uint16_t *out, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t written = u_strToLower((UChar *)out, capacity, (const UChar *)text, length, locale, &status);
    if (status == U_BUFFER_OVERFLOW_ERROR) return written;
    return U_FAILURE(status) ? -1 : written;
}
