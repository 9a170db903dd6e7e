# cython: language_level=3, boundscheck=False, wraparound=False, cdivision=True
# cython: initializedcheck=False, infer_types=True
# SHAKE-256 in C, for engine/chance.py's seeded shuffle: the same words
# as hashlib.shake_256 (FIPS 202), which the reference engine uses; tests/core/test_core_shake.py
# compares the two over many seeds and every length the shuffle reads.
#
# Keccak-f[1600] as the Keccak team's reference "opt64" code writes it: the 25 lanes in local
# variables, two rounds per pass of the loop (from A to E and back), and the "lane complementing"
# transform, which keeps six lanes complemented so that chi needs one NOT per row instead of five.
# A message shorter than one block (136 bytes) is absorbed; then as many words as asked are
# squeezed, 17 per permutation.

from libc.string cimport memcpy

from reversis.errors import ArgumentError

cdef extern from *:
    """
    #include <stdint.h>
    #include <string.h>

    static const uint64_t rv_keccak_rc[24] = {
        0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
        0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
        0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
        0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
        0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
        0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
        0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
        0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL};

    #define RV_ROL(a, n) (((a) << (n)) | ((a) >> (64 - (n))))

    /* One round from the lanes A.. into the lanes E..: theta, rho and pi into B.., chi on the
       complemented lanes, iota. */
    #define RV_KECCAK_ROUND(A, E, rc) \\
        Ca = A##ba ^ A##ga ^ A##ka ^ A##ma ^ A##sa; \\
        Ce = A##be ^ A##ge ^ A##ke ^ A##me ^ A##se; \\
        Ci = A##bi ^ A##gi ^ A##ki ^ A##mi ^ A##si; \\
        Co = A##bo ^ A##go ^ A##ko ^ A##mo ^ A##so; \\
        Cu = A##bu ^ A##gu ^ A##ku ^ A##mu ^ A##su; \\
        Da = Cu ^ RV_ROL(Ce, 1); De = Ca ^ RV_ROL(Ci, 1); Di = Ce ^ RV_ROL(Co, 1); \\
        Do = Ci ^ RV_ROL(Cu, 1); Du = Co ^ RV_ROL(Ca, 1); \\
        Ba = A##ba ^ Da; Be = RV_ROL(A##ge ^ De, 44); Bi = RV_ROL(A##ki ^ Di, 43); \\
        Bo = RV_ROL(A##mo ^ Do, 21); Bu = RV_ROL(A##su ^ Du, 14); \\
        E##ba = Ba ^ (Be | Bi) ^ (rc); E##be = Be ^ ((~Bi) | Bo); E##bi = Bi ^ (Bo & Bu); \\
        E##bo = Bo ^ (Bu | Ba); E##bu = Bu ^ (Ba & Be); \\
        Ba = RV_ROL(A##bo ^ Do, 28); Be = RV_ROL(A##gu ^ Du, 20); Bi = RV_ROL(A##ka ^ Da, 3); \\
        Bo = RV_ROL(A##me ^ De, 45); Bu = RV_ROL(A##si ^ Di, 61); \\
        E##ga = Ba ^ (Be | Bi); E##ge = Be ^ (Bi & Bo); E##gi = Bi ^ (Bo | (~Bu)); \\
        E##go = Bo ^ (Bu | Ba); E##gu = Bu ^ (Ba & Be); \\
        Ba = RV_ROL(A##be ^ De, 1); Be = RV_ROL(A##gi ^ Di, 6); Bi = RV_ROL(A##ko ^ Do, 25); \\
        Bo = RV_ROL(A##mu ^ Du, 8); Bu = RV_ROL(A##sa ^ Da, 18); \\
        E##ka = Ba ^ (Be | Bi); E##ke = Be ^ (Bi & Bo); E##ki = Bi ^ ((~Bo) & Bu); \\
        E##ko = (~Bo) ^ (Bu | Ba); E##ku = Bu ^ (Ba & Be); \\
        Ba = RV_ROL(A##bu ^ Du, 27); Be = RV_ROL(A##ga ^ Da, 36); Bi = RV_ROL(A##ke ^ De, 10); \\
        Bo = RV_ROL(A##mi ^ Di, 15); Bu = RV_ROL(A##so ^ Do, 56); \\
        E##ma = Ba ^ (Be & Bi); E##me = Be ^ (Bi | Bo); E##mi = Bi ^ ((~Bo) | Bu); \\
        E##mo = (~Bo) ^ (Bu & Ba); E##mu = Bu ^ (Ba | Be); \\
        Ba = RV_ROL(A##bi ^ Di, 62); Be = RV_ROL(A##go ^ Do, 55); Bi = RV_ROL(A##ku ^ Du, 39); \\
        Bo = RV_ROL(A##ma ^ Da, 41); Bu = RV_ROL(A##se ^ De, 2); \\
        E##sa = Ba ^ ((~Be) & Bi); E##se = (~Be) ^ (Bi | Bo); E##si = Bi ^ (Bo & Bu); \\
        E##so = Bo ^ (Bu | Ba); E##su = Bu ^ (Ba & Be);

    /* The lanes kept complemented (1, 2, 8, 12, 17, 20). */
    #define RV_COMPLEMENT(s) \\
        s[1] = ~s[1]; s[2] = ~s[2]; s[8] = ~s[8]; s[12] = ~s[12]; s[17] = ~s[17]; s[20] = ~s[20];

    /* Keccak-f[1600] on the state s (lane x + 5y at s[x + 5y]). */
    static void rv_keccak_f(uint64_t s[25]) {
        uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu, Aka, Ake, Aki, Ako, Aku;
        uint64_t Ama, Ame, Ami, Amo, Amu, Asa, Ase, Asi, Aso, Asu;
        uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu, Eka, Eke, Eki, Eko, Eku;
        uint64_t Ema, Eme, Emi, Emo, Emu, Esa, Ese, Esi, Eso, Esu;
        uint64_t Ba, Be, Bi, Bo, Bu, Ca, Ce, Ci, Co, Cu, Da, De, Di, Do, Du;
        int round;
        RV_COMPLEMENT(s)
        Aba = s[0]; Abe = s[1]; Abi = s[2]; Abo = s[3]; Abu = s[4];
        Aga = s[5]; Age = s[6]; Agi = s[7]; Ago = s[8]; Agu = s[9];
        Aka = s[10]; Ake = s[11]; Aki = s[12]; Ako = s[13]; Aku = s[14];
        Ama = s[15]; Ame = s[16]; Ami = s[17]; Amo = s[18]; Amu = s[19];
        Asa = s[20]; Ase = s[21]; Asi = s[22]; Aso = s[23]; Asu = s[24];
        for (round = 0; round < 24; round += 2) {
            RV_KECCAK_ROUND(A, E, rv_keccak_rc[round])
            RV_KECCAK_ROUND(E, A, rv_keccak_rc[round + 1])
        }
        s[0] = Aba; s[1] = Abe; s[2] = Abi; s[3] = Abo; s[4] = Abu;
        s[5] = Aga; s[6] = Age; s[7] = Agi; s[8] = Ago; s[9] = Agu;
        s[10] = Aka; s[11] = Ake; s[12] = Aki; s[13] = Ako; s[14] = Aku;
        s[15] = Ama; s[16] = Ame; s[17] = Ami; s[18] = Amo; s[19] = Amu;
        s[20] = Asa; s[21] = Ase; s[22] = Asi; s[23] = Aso; s[24] = Asu;
        RV_COMPLEMENT(s)
    }

    /* SHAKE-256 of ``message`` (``length`` < 136 bytes) read as ``count`` little-endian 64-bit
       words into ``out``: the words of hashlib.shake_256(message).digest(8 * count). */
    static void rv_shake256_words(const unsigned char* message, int length,
                                  unsigned long long* out, int count) {
        uint64_t s[25];
        unsigned char block[136];
        int i, b, k = 0;
        memset(s, 0, sizeof(s));
        memset(block, 0, sizeof(block));
        memcpy(block, message, (size_t)length);
        block[length] ^= 0x1F;  /* SHAKE's domain bits and the first bit of the padding */
        block[135] ^= 0x80;     /* the padding's last bit */
        for (i = 0; i < 17; i++) {
            uint64_t lane = 0;
            for (b = 0; b < 8; b++) lane |= ((uint64_t)block[8 * i + b]) << (8 * b);
            s[i] ^= lane;
        }
        while (k < count) {
            rv_keccak_f(s);
            for (i = 0; i < 17 && k < count; i++) out[k++] = s[i];
        }
    }
    """
    void rv_shake256_words(const unsigned char* message, int length,
                           unsigned long long* out, int count) nogil


#: The shuffle's tag (engine/chance.py): SHAKE-256 of the tag, a zero byte and the seed.
cdef bytes _DECK_TAG = b"reversis-deck\x00"


def shake256_words(message, count):
    """``count`` little-endian 64-bit words of ``SHAKE-256(message)``, as the core computes them
    (``message``: bytes, shorter than 136), for the tests against :mod:`hashlib`."""
    cdef unsigned long long out[64]
    cdef const unsigned char* data
    if type(message) is not bytes or len(message) >= 136:
        raise ArgumentError("shake256_words() needs bytes shorter than 136")
    if type(count) is not int or not 0 <= count <= 64:
        raise ArgumentError("shake256_words() reads 0 to 64 words")
    data = message
    rv_shake256_words(data, len(message), out, count)
    return tuple([out[i] for i in range(count)])


cdef void _deck_words(object seed, unsigned long long* words, int count) except *:
    """The shuffle's ``count`` words for ``seed`` (an integer from 0 to 2**128 - 1): SHAKE-256 of
    the tag and the seed as 16 little-endian bytes."""
    cdef unsigned char message[30]
    cdef unsigned long long low, high
    cdef int b
    if seed.bit_length() <= 64:
        low, high = <unsigned long long>seed, 0
    else:
        low, high = <unsigned long long>(seed & 0xFFFFFFFFFFFFFFFF), <unsigned long long>(seed >> 64)
    memcpy(message, <const unsigned char*>_DECK_TAG, 14)
    for b in range(8):
        message[14 + b] = (low >> (8 * b)) & 0xFF
        message[22 + b] = (high >> (8 * b)) & 0xFF
    rv_shake256_words(message, 30, words, count)
