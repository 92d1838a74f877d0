# SPDX-License-Identifier: GPL-2.0-only
#
# Shared helpers for the project's shell tools. Source it; do not run it.

# Where downloads and extracted packages live. Outside the work tree so that a
# fresh clone reuses them; override with CRCVMX_CACHE.
CRCVMX_CACHE=${CRCVMX_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/crc32c-vmx}

# Progress line for people (stderr, so stdout stays parseable).
say() { printf '>> %s\n' "$*" >&2; }

# Fatal error: one line with the cause and, where known, the fix; exit code 1
# unless given.
die() {
	local rc=1
	if [ "$#" -gt 1 ] && [[ "$1" =~ ^[0-9]+$ ]]; then rc=$1; shift; fi
	printf '%s: error: %s\n' "${0##*/}" "$*" >&2
	exit "$rc"
}

# verdict NAME RC [WHY]: a tool's result line for a count_lane caller,
# "PASS<TAB>NAME" when RC is 0, else "FAIL<TAB>NAME<TAB>WHY"; a failure sets
# VERDICT_RC to 1, the tool's exit code when it is done.
VERDICT_RC=0
verdict() {
	if [ "$2" -eq 0 ]; then
		printf 'PASS\t%s\n' "$1"
	else
		printf 'FAIL\t%s\t%s\n' "$1" "${3:-}"
		VERDICT_RC=1
	fi
}

# no_arguments USAGE "$@": the argument handling of a tool that takes none
# (the make check-* entry points, the self-tests): --help prints USAGE and
# exits 0, any argument is a usage error (exit 2).
no_arguments() {
	local usage=$1
	shift
	case "${1:-}" in
	-h|--help) echo "Usage: ${0##*/}   $usage"; exit 0 ;;
	"") ;;
	*) die 2 "unknown argument '$1' (try --help)" ;;
	esac
}

# Candidate version of a package in the current apt indexes ("" if none).
apt_candidate() {
	apt-cache policy "$1" 2>/dev/null | awk '/Candidate:/ { print $2; exit }' |
		grep -v '(none)' || true
}

# Download package=version into $CRCVMX_CACHE/debs unless already there.
# Prints the path of the .deb.
fetch_deb() {
	local spec=$1 name ver arch file
	name=${spec%%=*}
	ver=${spec#*=}
	arch=${name#*:}
	[ "$arch" != "$name" ] || arch=$(dpkg --print-architecture)
	name=${name%%:*}
	# apt names files <name>_<version, ':' as %3a>_<arch>.deb
	file="$CRCVMX_CACHE/debs/${name}_${ver//:/%3a}_${arch}.deb"
	if [ ! -s "$file" ]; then
		local all="$CRCVMX_CACHE/debs/${name}_${ver//:/%3a}_all.deb"
		if [ -s "$all" ]; then
			echo "$all"
			return 0
		fi
		mkdir -p "$CRCVMX_CACHE/debs"
		(cd "$CRCVMX_CACHE/debs" && apt-get download -q "$name:$arch=$ver" >/dev/null 2>&1) ||
			(cd "$CRCVMX_CACHE/debs" && apt-get download -q "$name=$ver" >/dev/null 2>&1) ||
			die "cannot download $name:$arch=$ver from the Debian mirror; run 'apt-get update' and retry"
		[ -s "$file" ] || file=$all
		[ -s "$file" ] || die "apt-get download of $name=$ver produced no file in $CRCVMX_CACHE/debs"
	fi
	echo "$file"
}

# private_apt SUITE "ARCH...": a private apt configuration for a suite the
# host does not use, with indexes for those architectures, in
# $CRCVMX_CACHE/apt/<suite> (fetch-kernel.sh: testing and bookworm-backports
# for ppc64el and amd64; build-debug-kernel.sh: bullseye's amd64 for
# linux-source-5.10). The mirror's testing Release file has been seen past
# its Valid-Until date, which apt refuses by default (and bullseye's is long
# past it); signatures are still checked. apt-get and apt-cache
# (also inside fetch_deb and apt_candidate) follow APT_CONFIG.
private_apt() {
	local s=$1 archs=$2 a="$CRCVMX_CACHE/apt/$1" list
	list=$(echo "$archs" | tr ' ' ',')
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial"
	cat >"$a/sources.list" <<SRC
deb [arch=$list signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian $s main
SRC
	# shellcheck disable=SC2086 # one word per architecture
	cat >"$a/apt.conf" <<CONF
Dir::State::Lists "$a/lists";
Dir::Cache "$a/cache";
Dir::Etc::SourceList "$a/sources.list";
Dir::Etc::SourceParts "/dev/null";
APT::Architectures { $(printf '"%s"; ' $archs)};
Acquire::Check-Valid-Until "false";
CONF
	export APT_CONFIG="$a/apt.conf"
	# Refresh indexes older than a day; an old copy is better than none.
	if [ -z "$(find "$a/lists" -maxdepth 1 -name '*_Packages*' -mmin -1440 2>/dev/null)" ]; then
		say "kernel: apt-get update for $s (private configuration in $a)"
		apt-get update -q >"$a/update.log" 2>&1 ||
			[ -n "$(find "$a/lists" -maxdepth 1 -name '*_Packages*')" ] ||
			die "apt-get update for $s failed (see $a/update.log)"
	fi
}

# guest_lock WHO: one guest at a time on this machine, across checkouts (the
# lock is in the cache). Holds $CRCVMX_CACHE/vm.lock on descriptor 9 until
# the calling script exits; says so when it has to wait.
guest_lock() {
	mkdir -p "$CRCVMX_CACHE"
	exec 9>"$CRCVMX_CACHE/vm.lock"
	if ! flock -n 9; then
		say "$1: another guest is running; waiting for it (lock $CRCVMX_CACHE/vm.lock)"
		flock 9
	fi
}

# cross_build_crcbench DIR TARGET...: the static ppc64le crcbench-alg that the
# guests run (libkcapi.a from the Debian sysroot), configured in DIR.
cross_build_crcbench() {
	local dir=$1 src
	src=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../userspace" && pwd)
	shift
	cmake -S "$src" -B "$dir" -DCMAKE_TOOLCHAIN_FILE="$src/cmake/ppc64le-linux-gnu.cmake" \
		-DCRCVMX_BUILD_TESTS=OFF -DCRCVMX_PPC64EL_SYSROOT="$CRCVMX_CACHE/sysroot-ppc64el" \
		-DCRCVMX_WERROR="${CRCVMX_WERROR:-OFF}" &&
		cmake --build "$dir" -j2 --target "$@"
}
