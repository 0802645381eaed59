// Oniguruma (Debian's libonig-dev), the regex engine libjq 1.6 links: `test()` in a native
// `--where` must match exactly what jq's `test()` matches, so it runs the same engine with the
// same syntax and options (jq 1.6 src/builtin.c, f_match).
#include <oniguruma.h>

static inline OnigEncoding userlist_onig_utf8(void) { return ONIG_ENCODING_UTF8; }
static inline OnigSyntaxType *userlist_onig_perl_ng(void) { return ONIG_SYNTAX_PERL_NG; }
static inline OnigOptionType userlist_onig_capture_group(void) { return ONIG_OPTION_CAPTURE_GROUP; }
static inline OnigOptionType userlist_onig_ignorecase(void) { return ONIG_OPTION_IGNORECASE; }
static inline OnigOptionType userlist_onig_extend(void) { return ONIG_OPTION_EXTEND; }
static inline OnigOptionType userlist_onig_multiline(void) { return ONIG_OPTION_MULTILINE; }
static inline OnigOptionType userlist_onig_singleline(void) { return ONIG_OPTION_SINGLELINE; }
static inline OnigOptionType userlist_onig_find_longest(void) { return ONIG_OPTION_FIND_LONGEST; }
static inline OnigOptionType userlist_onig_find_not_empty(void) { return ONIG_OPTION_FIND_NOT_EMPTY; }
static inline OnigOptionType userlist_onig_none(void) { return ONIG_OPTION_NONE; }
