# SPDX-License-Identifier: GPL-2.0-only
#
# objdump's PowerPC register operands (r3, v16, vs32, f1, cr7) in the form
# llvm-mca's assembler reads (%r3, %v16, ...). Used with sed -E by mca.sh
# (steady-state loops) and short-call.sh (traced calls). objdump leaves out
# the R operand of a prefixed load or store when it is 0 (plxvp vs0,256(r8)),
# which llvm-mca's assembler requires.
s/^([[:space:]]*p(l|st)[a-z0-9]*[[:space:]]+[^,]+,-?[0-9]+\([^)]*\))$/\1,0/
:a
s/([ ,(])(vs|cr|r|v|f)([0-9]+)/\1%\2\3/
ta
