#include "reversi/bitboard.h"

#include <pthread.h>

_Alignas(32) uint64_t rv_ray[64][8];

static pthread_once_t ray_once = PTHREAD_ONCE_INIT;

static void fill_rays(void) {
    static const int dc[8] = {1, -1, 0, 1, -1, 1, 0, -1};
    static const int dr[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    for (int sq = 0; sq < 64; sq++) {
        for (int d = 0; d < 8; d++) {
            uint64_t ray = 0;
            int c = sq % 8 + dc[d], r = sq / 8 + dr[d];
            while (c >= 0 && c < 8 && r >= 0 && r < 8) {
                ray |= 1ULL << (r * 8 + c);
                c += dc[d];
                r += dr[d];
            }
            rv_ray[sq][d] = ray;
        }
    }
}

void rv_bitboard_init(void) { pthread_once(&ray_once, fill_rays); }
