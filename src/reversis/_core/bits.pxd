# The core's bit operations and the one tuple write it makes, in C (cimported by every module of
# the core): a card set is a 64-bit mask, a card its bit.

cdef extern from *:
    """
    #ifdef Py_LIMITED_API
    #define RV_TUPLE_SET(t, i, o) PyTuple_SetItem(t, i, o)
    #else
    #define RV_TUPLE_SET(t, i, o) PyTuple_SET_ITEM(t, i, o)
    #endif
    #if defined(_MSC_VER)
    #include <intrin.h>
    static inline int rv_popcount(unsigned long long x) { return (int)__popcnt64(x); }
    static inline int rv_lowest(unsigned long long x) {
        unsigned long i; _BitScanForward64(&i, x); return (int)i; }
    static inline int rv_highest(unsigned long long x) {
        unsigned long i; _BitScanReverse64(&i, x); return (int)i; }
    static inline unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) {
        return __umulh(a, b); }
    #else
    static inline int rv_popcount(unsigned long long x) { return __builtin_popcountll(x); }
    static inline int rv_lowest(unsigned long long x) { return __builtin_ctzll(x); }
    static inline int rv_highest(unsigned long long x) { return 63 - __builtin_clzll(x); }
    static inline unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) {
        return (unsigned long long)(((unsigned __int128)a * b) >> 64); }
    #endif
    """
    void RV_TUPLE_SET(object t, Py_ssize_t i, object o)  # steals a reference to o
    int rv_popcount(unsigned long long x) nogil
    int rv_lowest(unsigned long long x) nogil     # x != 0
    int rv_highest(unsigned long long x) nogil    # x != 0
    unsigned long long rv_mulhi(unsigned long long a, unsigned long long b) nogil  # (a*b) >> 64
