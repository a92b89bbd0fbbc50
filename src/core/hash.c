#include "core/hash.h"

void yomi_zobrist_fill(uint64_t *keys, int n, uint64_t seed) {
    uint64_t s = seed;
    for (int i = 0; i < n; i++) {
        uint64_t k;
        do k = yomi_splitmix64(&s);
        while (k == 0);
        keys[i] = k;
    }
}
