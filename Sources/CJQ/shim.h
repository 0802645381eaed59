// libjq 1.6 as Debian ships it: headers in /usr/include, no pkg-config file.
#include <jq.h>
#include <jv.h>
