// SPDX-License-Identifier: GPL-2.0-only
/* A carry-less multiply: passes the vpmsumd check. */
#include <altivec.h>

__vector unsigned long long pmsum(__vector unsigned long long a, __vector unsigned long long b)
{
	return __builtin_crypto_vpmsumd(a, b);
}
