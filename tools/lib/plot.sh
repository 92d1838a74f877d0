# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=sh
#
# gnuplot script pieces shared by the project's size charts
# (tools/plot-crcbench.sh, tools/plot-insns.sh): one line per driver,
# buffer size on a log2 axis. POSIX sh; source it, do not run it.

# plot_quote TEXT: TEXT as the inside of a gnuplot double-quoted string.
plot_quote() { printf '%s' "$1" | sed 's/\\/\\\\/g; s/"/\\"/g'; }

# plot_head OUT.png TITLE YLABEL XTICS_FILE: terminal, output, title, log
# axes, labels, the x tics (a "set xtics (...)" line in XTICS_FILE) and the
# grid. TITLE and YLABEL are used as given (quote them with plot_quote;
# TITLE may hold \n for a second line).
plot_head() {
	echo 'set terminal pngcairo size 1100,680 enhanced font "sans,10"'
	echo "set output \"$(plot_quote "$1")\""
	printf 'set title "%s" noenhanced\n' "$2"
	echo 'set logscale x 2'
	echo 'set logscale y 10'
	echo 'set xlabel "buffer size (bytes)"'
	printf 'set ylabel "%s"\n' "$3"
	cat "$4"
	echo 'set grid xtics ytics mxtics mytics lc rgb "#dddddd"'
	echo 'set pointsize 1.2'
}

# plot_color DRIVER: its line colour, the same in every chart (a kernel's
# in-tree drivers share colours by role); gnuplot's next free one otherwise.
plot_color() {
	case "$1" in
	crc32c-vmx) echo ' lc rgb "#9400d3"' ;;
	crc32c-vpmsum|crc32c-powerpc) echo ' lc rgb "#009e73"' ;;
	crc32c-generic|crc32c-lib) echo ' lc rgb "#56b4e9"' ;;
	esac
}

# plot_lines DIR USING STYLE: the plot command, one line per driver named
# in DIR/drivers (in order), its data in DIR/d1.dat, DIR/d2.dat, ...
plot_lines() {
	printf 'plot '
	_i=0
	while read -r _d; do
		_i=$((_i + 1))
		[ $_i -eq 1 ] || printf ', \\\n     '
		printf '"%s" using %s with %s lw 2%s title "%s"' "$1/d$_i.dat" "$2" "$3" \
			"$(plot_color "$_d")" "$(plot_quote "$_d")"
	done <"$1/drivers"
	echo
}
