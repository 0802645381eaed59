// xxHash from Debian's libxxhash-dev, header-only (XXH_INLINE_ALL): XXH3 hashes the ids that
// dedupe keeps. Inlined, a short id costs ~20 instructions where SipHash (Swift's Hasher) took ~150.
#define XXH_INLINE_ALL
#include <xxhash.h>
#include <stdint.h>
#include <stddef.h>

// XXH_INLINE_ALL renames the functions through macros, which Swift can't call: one wrapper.
static inline uint64_t userlist_xxh3(const void *bytes, size_t count, uint64_t seed) {
    return XXH3_64bits_withSeed(bytes, count, seed);
}

// A hint to bring the cache line at `address` in: dedupe's table is tens of MB on a big export,
// and each insert a miss. The next ids' slots are asked for a few records ahead.
static inline void userlist_prefetch(const void *address) {
    __builtin_prefetch(address);
}
