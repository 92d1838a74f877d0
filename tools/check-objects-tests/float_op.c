// SPDX-License-Identifier: GPL-2.0-only
/* Hard-float arithmetic (FP registers, fmadd/fmul): must fail as glue. */
double float_op(double a, double b)
{
	return a * b + 1.5;
}
