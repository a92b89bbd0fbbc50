/* The 64-bit mixer (core/hash.h): yomi_splitmix64 against the published
 * reference outputs of Vigna's splitmix64 from state 0, and yomi_mix64 as its
 * output function (yomi_mix64(s) is what yomi_splitmix64 returns from state s),
 * so the one mixer that salts the Go reader's keys is the reference one. */
#include <stdint.h>
#include <stdio.h>

#include "core/hash.h"
#include "testutil.h"

int main(int argc, char **argv) {
    (void)argc;
    (void)argv;
    /* splitmix64.c (Sebastiano Vigna, 2015), x = 0: the first three outputs. */
    static const uint64_t ref[3] = {0xe220a8397b1dcdafULL, 0x6e789e6aa1b965f4ULL, 0x06c45d188009454fULL};
    uint64_t s = 0;
    for (int i = 0; i < 3; i++) {
        uint64_t state = s;
        uint64_t v = yomi_splitmix64(&s);
        CHECK_MSG(v == ref[i], "splitmix64 output %d: %016llx", i, (unsigned long long)v);
        CHECK(yomi_mix64(state) == v);
        CHECK(s == state + YOMI_GOLDEN64);
    }
    /* A mixer: one flipped input bit changes about half the output bits. */
    int total = 0;
    for (int bit = 0; bit < 64; bit++) {
        uint64_t d = yomi_mix64(0x123456789abcdefULL) ^ yomi_mix64(0x123456789abcdefULL ^ (1ULL << bit));
        int n = 0;
        for (; d; d &= d - 1) n++;
        CHECK_MSG(n >= 16 && n <= 48, "bit %d changes %d output bits", bit, n);
        total += n;
    }
    CHECK_MSG(total > 64 * 28 && total < 64 * 36, "average avalanche %d/64", total);
    return t_summary("test_core_mix");
}
