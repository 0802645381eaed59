// libFuzzer's driver when the fuzz targets are built for fuzzing (Scripts/fuzz.sh), nothing
// otherwise: the targets then replay saved inputs. A plain build has no libFuzzer to link.
#ifndef USERLIST_FUZZ_DRIVER_H
#define USERLIST_FUZZ_DRIVER_H
#include <stddef.h>
#include <stdint.h>

/// Runs libFuzzer over `target` with the command line's options; -1 when libFuzzer isn't linked.
int ul_fuzz_driver(int argc, char **argv, int (*target)(const uint8_t *data, size_t size));

#endif
