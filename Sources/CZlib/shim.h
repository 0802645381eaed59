// zlib from Debian's zlib1g-dev: inflate for gzip input.
#include <zlib.h>
