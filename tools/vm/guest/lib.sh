# SPDX-License-Identifier: GPL-2.0-only
# Helpers for the guest test sets. Source it.

KREL=$(uname -r)

# Load a module by name; on failure print why and return 1.
load() {
	out=$(modprobe "$@" 2>&1) || {
		echo "cannot load $1: $out"
		return 1
	}
}

# The modules every AF_ALG test set needs: the crypto_user and AF_ALG hash
# interfaces and the three crc32c drivers. Returns 1 (reason printed) if one
# cannot be loaded.
load_crc32c_stack() {
	for m in crypto_user algif_hash crc32c_generic crc32c-vpmsum crc32c_vmx; do
		load "$m" || return 1
	done
}

# Lines of /proc/crypto for every "crc32c" implementation, one per driver.
crc32c_table() {
	awk -F' *: *' '
		/^name/ { name = $2 } /^driver/ { drv = $2 } /^module/ { mod = $2 }
		/^priority/ { prio = $2 } /^selftest/ { st = $2 }
		/^$/ { if (name == "crc32c") printf "  %-16s %-14s %8s   %s\n", drv, mod, prio, st; name = "" }
	' /proc/crypto | sort -k3 -n -r
}
