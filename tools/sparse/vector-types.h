/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * sparse does not know GCC's AltiVec keyword. The vector cores spell their
 * 128-bit types with it; under sparse they become GCC-style vector types,
 * which it parses and checks with the same C operators. tools/check.sh
 * passes this file to sparse with -include; no project source includes it.
 */
#define __vector __attribute__((vector_size(16)))
