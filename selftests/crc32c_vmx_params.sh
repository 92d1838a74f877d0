#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The priority parameter: invalid values refuse the load with a clear kernel
# log line; both ends of the accepted range (1 and 1000) load and register
# at that priority; a priority 50 below the in-tree driver's
# (crc32c-vpmsum, 200, through 6.13; see crc32c_lib.sh for later kernels)
# ranks crc32c-vmx below it, and "crc32c" then really goes to the in-tree
# driver (crc32c-vmx's counters stay still while hashing through the
# name). Last, a load without
# parameters registers crc32c-vmx at the documented default, 300, and its
# one kernel log line says so and names the core that runs on this CPU:
# "registered crc32c-vmx, priority 300, POWER8 core" on POWER8 and POWER9,
# "... ISA 3.1 core" on POWER10 and later (little-endian), and nothing after
# it (the module adds a reason there only where a POWER10 runs the POWER8
# core). The test reloads the module to see that line: the guest's mutant
# lane clears the kernel log after its own load.
. "$(dirname "$0")/crc32c_lib.sh"
require_root
BAD="0 -1 1001 2147483648 abc"

LOW=$((INTREE_CRC32C_PRIO - 50))
modprobe "$INTREE_CRC32C_MOD" 2>/dev/null
release_crc32c_holders || ktap_skip_all "cannot release the holders of crc32c_vmx"
if module_loaded crc32c_vmx; then
	rmmod crc32c_vmx || ktap_skip_all "crc32c_vmx is in use"
fi
ktap_plan $(($(echo $BAD | wc -w) + 8))

ktap_check_intree_crc32c

for p in $BAD; do
	mark=$(kernel_log_mark)
	modprobe crc32c_vmx priority="$p" 2>/dev/null
	rc=$?
	msg=$(kernel_log_since "$mark" | grep -i 'crc32c_vmx' | grep -i 'priority' | tail -n 1)
	ktap_diag "priority=$p: modprobe exit $rc, kernel: ${msg#*] }"
	! module_loaded crc32c_vmx && [ $rc -ne 0 ] && [ -n "$msg" ]
	ktap_result $? "priority=$p is refused with a kernel log line"
	module_loaded crc32c_vmx && rmmod crc32c_vmx
done

for p in 1 1000; do
	[ $p = 1 ] && end=lowest || end=highest
	modprobe crc32c_vmx priority=$p
	rc=$?
	got=$(driver_priority crc32c-vmx)
	ktap_diag "priority=$p: modprobe exit $rc, /proc/crypto priority ${got:-absent}"
	[ $rc -eq 0 ] && [ "$got" = $p ]
	ktap_result $? "priority=$p, the $end accepted value, loads with that priority"
	module_loaded crc32c_vmx && rmmod crc32c_vmx
done

modprobe crc32c_vmx priority=$LOW
[ "$(driver_priority crc32c-vmx)" = $LOW ]
ktap_result $? "priority=$LOW loads with priority $(driver_priority crc32c-vmx)"

[ "$(resolved_crc32c)" = "$INTREE_CRC32C" ]
ktap_result $? "\"crc32c\" resolves to $(resolved_crc32c) ($INTREE_CRC32C expected)"

before=$(($(vector_bytes) + $(fallback_bytes)))
got=$(head -c 1048576 /dev/zero | afalg_crc crc32c)
after=$(($(vector_bytes) + $(fallback_bytes)))
ktap_diag "crc32c of 1 MiB of zeros via \"crc32c\": $got; crc32c-vmx bytes: $before -> $after"
[ "$after" -eq "$before" ] && [ "$got" = 14298c12 ]
ktap_result $? "hashing through \"crc32c\" does not touch crc32c-vmx and is correct"

# The load line this CPU should give (docs/driver.md, "vector path").
cpu=$(sed -n 's/^cpu[[:space:]]*: *//p' /proc/cpuinfo | head -n 1)
gen=$(echo "$cpu" | sed -n 's/^POWER\([0-9][0-9]*\).*/\1/p')
core="POWER8 core"
if [ "${gen:-0}" -ge 10 ]; then
	case "$(uname -m)" in
	ppc64le) core="ISA 3.1 core" ;;
	*) core="POWER8 core (big-endian kernel: the ISA 3.1 loop is little-endian only)" ;;
	esac
fi
rmmod crc32c_vmx
mark=$(kernel_log_mark)
modprobe crc32c_vmx
rc=$?
prio=$(driver_priority crc32c-vmx)
ktap_diag "modprobe crc32c_vmx without parameters: exit $rc, priority ${prio:-absent}"
[ $rc -eq 0 ] && [ "$prio" = 300 ]
ktap_result $? "without parameters crc32c-vmx registers at the default priority 300"

want="crc32c_vmx: registered crc32c-vmx, priority 300, $core"
lines=$(kernel_log_since "$mark" | sed 's/^\[[^]]*\] *//' | grep '^crc32c_vmx: registered ')
ktap_diag "cpu: ${cpu:-unknown}; expected load line: $want"
echo "$lines" | sed 's/^/# kernel: /'
[ -n "$gen" ] && [ "$lines" = "$want" ]
ktap_result $? "the load line is exactly \"registered crc32c-vmx, priority 300, $core\""
ktap_finish
