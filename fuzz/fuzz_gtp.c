/* libFuzzer target: arbitrary bytes as a GTP session. The engine must answer
 * every line and never crash, hang or leak. Input "SGF\0SESSION": the bytes before
 * the first NUL are the game every loadsgf command reads (gtp_set_sgf_text: the
 * engine opens no file), the rest is the session; without a NUL it is all session. The
 * seeds (fuzz/corpus/fuzz_gtp) are GNU Go regression cases in this form. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "proto/gtp.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size == 0) return 0;
    const uint8_t *nul = memchr(data, 0, size);
    const char *sgf = (const char *)data;
    size_t sgf_len = nul ? (size_t)(nul - data) : 0;
    if (nul) {
        size -= (size_t)(nul - data) + 1;
        data = nul + 1;
        if (size == 0) return 0;
    }
    FILE *in = fmemopen((void *)data, size, "r");
    if (!in) return 0;
    char *text = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&text, &len);
    if (!out) {
        fclose(in);
        return 0;
    }
    /* Small limits keep each input fast (an owl question reads a whole framed region):
     * a stopped search still has to answer. */
    yomi_limits lim = {.max_nodes = 2000, .hash_mb = 1};
    gtp_engine *g = gtp_new(&lim);
    if (g) {
        gtp_set_sgf_text(g, sgf, sgf_len);
        gtp_run(g, in, out);
        gtp_free(g);
    }
    fclose(out);
    fclose(in);
    free(text);
    return 0;
}
