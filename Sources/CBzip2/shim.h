// libbz2 from Debian's libbz2-dev: the streaming decoder for bzip2 input.
#include <bzlib.h>
