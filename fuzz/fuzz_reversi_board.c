/* libFuzzer target: Edax board strings. Any bytes must parse or be rejected with a
 * position inside the input; a parsed board must round-trip and its moves be sane. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "reversi/bitboard.h"
#include "yomi/reversi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    rv_pos pos;
    yomi_error err;
    if (rv_parse_board((const char *)data, size, 1, &pos, &err) == 0) {
        if (pos.P & pos.O) abort();
        char buf[80];
        rv_format_board(&pos, buf);
        rv_pos again;
        if (rv_parse_board(buf, strlen(buf), 1, &again, &err) != 0) abort();
        if (again.P != pos.P || again.O != pos.O || again.black_to_move != pos.black_to_move) abort();
        uint64_t m = rv_moves(pos.P, pos.O);
        if (m & (pos.P | pos.O)) abort();
        (void)rv_perft(&pos, 2);
    } else {
        if (err.column < 1 || (size_t)err.column > size + 1) abort();
    }
    return 0;
}
