# SPDX-License-Identifier: GPL-2.0-only
# The powerpc_vpmsum constants type of scripts/gen-crc-consts.py: the text
# tools/upstream/edit-tree.py inserts into the kernel's script (whose
# helpers it calls), without this comment. Offered upstream under that
# script's licence, GPL-2.0-or-later.

# Print one row of the powerpc vpmsumd tables: two 64-bit lanes in register
# order (high doubleword first), laid out by VPMSUM_PAIR() so that a 16-byte
# vector load gives that register on either byte order.
def print_vpmsum_pair(hi, lo, desc):
    print(f'\t\t/* {desc} */')
    print(f'\t\tVPMSUM_PAIR(0x{hi:016x}, 0x{lo:016x}),')

# The fold and reduction constants of the vpmsumd core
# (lib/crc/powerpc/crc-vpmsum-core.h), as [hi, lo, desc] rows.  The core
# computes in n = 32 or 64 bits; a 16-bit CRC is computed by the 32-bit core
# modulo G * x^16, its CRC in the top half of the state.
def vpmsum_rows(v):
    n = 64 if v.bits == 64 else 32
    G = v.G << (n - v.bits)
    fold = []
    red = []
    if v.lsb:
        # A lane bit i stands for x^(63 - i), so every vpmsumd product
        # carries an extra factor of x.  With n = 32, a constant stored
        # reflected in a lane's low 32 bits stands for x^32 times itself:
        # to multiply by x^e, store x^(e - 33) mod G.  With n = 64, store
        # x^(e - 1) mod G.  The hi lane holds the low-degree half of a
        # block, which is folded by x^d; the lo lane is folded by x^(d + 64).
        adj = 33 if n == 32 else 1
        for k in range(1, 17):
            d = 128 * k
            fold.append([bitreflect(reduce(1 << (d - adj), G), n),
                         bitreflect(reduce(1 << (d + 64 - adj), G), n),
                         f'x^{d - adj} mod G, x^{d + 64 - adj} mod G'])
        if n == 32:
            red.append([1 << 32, bitreflect(reduce(1 << 95, G), 32) << 32,
                        '128 -> 96 bits: x^31 (exact), x^95 mod G'])
            red.append([0, bitreflect(div(1 << 95, G), 64), 'floor(x^95 / G)'])
            red.append([0, bitreflect(G, 33), 'G'])
        else:
            red.append([1, bitreflect(reduce(1 << 127, G), 64),
                        '128 -> 128 bits: x^63 (exact), x^127 mod G'])
            red.append([0, bitreflect(div(1 << 127, G), 64), 'floor(x^127 / G)'])
            red.append([0, bitreflect(G ^ (1 << 64), 64), 'G - x^64'])
    else:
        # A lane bit i stands for x^i and products are exact.  The hi lane
        # holds the high-degree half of a block, folded by x^(d + 64).
        for k in range(1, 17):
            d = 128 * k
            fold.append([reduce(1 << (d + 64), G), reduce(1 << d, G),
                         f'x^{d + 64} mod G, x^{d} mod G'])
        if n == 32:
            red.append([reduce(1 << 96, G), 1 << 32,
                        '128 -> 96 bits: x^96 mod G, x^32 (exact)'])
            red.append([reduce(1 << 64, G), 0, '96 -> 64 bits: x^64 mod G'])
            red.append([0, div(1 << 64, G), 'floor(x^64 / G)'])
            red.append([G, 0, 'G'])
        else:
            red.append([reduce(1 << 128, G), 0, '128 -> 128 bits: x^128 mod G'])
            red.append([div(1 << 128, G) ^ (1 << 64), 0, 'floor(x^128 / G) - x^64'])
            red.append([G ^ (1 << 64), 0, 'G - x^64'])
    return fold, red

# Generate constants for the powerpc vpmsumd core, as the struct vpmsum_consts
# of lib/crc/powerpc/crc-vpmsum.h: the fold constants for distances of 1 to
# 16 blocks of 128 bits, and the constants of the final reduction, whose
# rows depend on the width and bit order.
def gen_powerpc_vpmsum_consts(variants):
    print('')
    print('#ifdef CONFIG_CPU_LITTLE_ENDIAN')
    print('#define VPMSUM_PAIR(hi, lo)\t{ lo, hi }')
    print('#else')
    print('#define VPMSUM_PAIR(hi, lo)\t{ hi, lo }')
    print('#endif')
    for v in variants:
        fold, red = vpmsum_rows(v)
        print('')
        print_header(v, 'CRC folding constants')
        print(f'static const struct vpmsum_consts {v.name}_consts __maybe_unused = {{')
        print('\t.fold = {')
        for hi, lo, desc in fold:
            print_vpmsum_pair(hi, lo, desc)
        print('\t},')
        print('\t.reduce = {')
        for hi, lo, desc in red:
            print_vpmsum_pair(hi, lo, desc)
        print('\t},')
        print('};')
