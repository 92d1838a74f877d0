// SPDX-License-Identifier: GPL-2.0-only
/* One AltiVec add (vadduwm): must fail as glue, and has no vpmsumd. */
#include <altivec.h>

__vector unsigned int vector_add(__vector unsigned int a, __vector unsigned int b)
{
	return vec_add(a, b);
}
