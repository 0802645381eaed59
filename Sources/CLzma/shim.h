// liblzma from Debian's liblzma-dev: the streaming decoders for xz and legacy lzma input.
#include <lzma.h>
