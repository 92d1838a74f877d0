#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-only
#
# tree.sh: prints the directory of the upstream series' target tree, Debian's
# linux-source-7.2 (7.2.12-1) extracted into a git repository with one
# commit (tag "pristine"), cached in $CRCVMX_CACHE/upstream/ by the .deb's
# hash. Builds it the first time (about 2 minutes), then just prints it.
# The working tree may hold a patched lib/crc from the last build check;
# the series generator reads only the pristine commit.
set -euo pipefail
top=$(cd "$(dirname "$0")/../.." && pwd)
# shellcheck source=../lib/common.sh
. "$top/tools/lib/common.sh"
no_arguments "prints the cached linux-source-7.2 git tree (builds it once)" "$@"

ver=7.2.12-1
deb="$CRCVMX_CACHE/debs/linux-source-7.2_${ver}_all.deb"
# Fetched here when missing (make check's newest stage, which also caches
# it, runs after the upstream stage), from Debian testing through the
# project's private apt configuration.
if [ ! -s "$deb" ]; then
	private_apt testing "amd64 ppc64el"
	deb=$(fetch_deb "linux-source-7.2=$ver") ||
		die "cannot download linux-source-7.2=$ver from Debian testing (has testing moved on? docs/upstream.md, \"Target tree\")"
fi
key=$(sha256sum "$deb" | cut -c1-16)
dir="$CRCVMX_CACHE/upstream/linux-7.2-$key"
mkdir -p "$CRCVMX_CACHE/upstream"
exec 8>"$CRCVMX_CACHE/upstream/tree.lock"
flock 8
if [ ! -f "$dir/.done" ]; then
	say "tree: extracting linux-source-7.2 $ver into $dir (once)"
	rm -rf "$dir" "$dir.tmp"
	mkdir -p "$dir.tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards '*/linux-source-7.2.tar.xz' |
		nice -n 19 tar -xJ -C "$dir.tmp"
	[ -f "$dir.tmp/linux-source-7.2/Makefile" ] || die "$deb held no linux-source-7.2 tree"
	mv "$dir.tmp/linux-source-7.2" "$dir.tmp/src"
	# Debian's changelog, for docs/upstream.md's question whether Debian's
	# patches touch lib/crc.
	dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards '*/changelog.Debian.gz' |
		gzip -dc >"$dir.tmp/changelog.Debian"
	g=(git -C "$dir.tmp/src" -c user.name=pristine -c user.email=pristine@invalid)
	"${g[@]}" init -q
	"${g[@]}" add -A -f .
	GIT_AUTHOR_DATE='2026-01-01T00:00:00Z' GIT_COMMITTER_DATE='2026-01-01T00:00:00Z' \
		"${g[@]}" commit -q -m "Debian linux-source-7.2 $ver"
	"${g[@]}" tag pristine
	mv "$dir.tmp" "$dir"
	touch "$dir/.done"
fi
echo "$dir"
