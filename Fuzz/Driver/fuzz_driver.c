#include "fuzz_driver.h"

#ifdef USERLIST_LIBFUZZER
// libclang_rt.fuzzer_no_main: the Swift targets own `main`, so libFuzzer's own can't be linked.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*target)(const uint8_t *, size_t));

int ul_fuzz_driver(int argc, char **argv, int (*target)(const uint8_t *, size_t)) {
    return LLVMFuzzerRunDriver(&argc, &argv, target);
}
#else
int ul_fuzz_driver(int argc, char **argv, int (*target)(const uint8_t *, size_t)) {
    (void)argc; (void)argv; (void)target;
    return -1;
}
#endif
