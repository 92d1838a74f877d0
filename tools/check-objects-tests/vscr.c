// SPDX-License-Identifier: GPL-2.0-only
/* Only the vector status register is touched: mfvscr and mtvscr. */
void vscr_roundtrip(void)
{
	__vector unsigned short v;

	asm volatile("mfvscr %0\n\tmtvscr %0" : "=v" (v));
}
