// libzstd from Debian's libzstd-dev: the streaming decompressor for zstd input.
#include <zstd.h>
