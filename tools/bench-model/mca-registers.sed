# SPDX-License-Identifier: GPL-2.0-only
#
# objdump's PowerPC register operands (r3, v16, vs32, f1, cr7) in the form
# llvm-mca's assembler reads (%r3, %v16, ...). Used with sed -E by mca.sh
# (steady-state loops) and short-call.sh (traced calls).
:a
s/([ ,(])(vs|cr|r|v|f)([0-9]+)/\1%\2\3/
ta
