# Kernel trees and builds (POSIX sh, sourced by lab/lib/common.sh): which
# tree, and the compiler and make of every kernel build.

# tree_dir NAME: the source folder of tree "base", "series", "mainline"
# (Debian's newer kernel, lab/series/tree.sh mainline), "sheaves"
# (mainline with patches-7.3/), "series@REV[:N]" (the series as lab commit
# REV had it, its first N patches), "series+MUTATION" or
# "sheaves+EXPERIMENT" (lab/series/tree.sh).
tree_dir() {
	case $1 in
	base) echo "$BASE_TREE" ;;
	mainline) echo "$MAINLINE_TREE" ;;
	sheaves) echo "$SHEAVES_TREE" ;;
	series) echo "${KERNEL_SRC:-$SERIES_TREE}" ;;
	series@?* | series+?* | sheaves+?*) echo "$LAB_WORK/src/$(tree_folder "$1")" ;;
	*) die "unknown tree '$1' (known: base, series, mainline, sheaves, series@REV[:N], series+MUTATION, sheaves+EXPERIMENT)" ;;
	esac
}

# upstream_commit: the commit of the base repository the series applies on
# (lab/series/tree.sh upstream), or nothing before it is made.
upstream_commit() {
	git -C "$BASE_TREE" rev-parse -q --verify refs/heads/upstream 2>/dev/null
}

# cover_field NAME: a header line (NAME: value) of patches/cover-letter.txt
# (the series' Revision:, Prefix:, Subject:).
cover_field() {
	sed -n -e '/^$/q' -e "s/^$1: *//p" "$PATCH_DIR/cover-letter.txt"
}

# deb_modules LIST: the "module SYMBOL" lines of a trimmed package's module
# list (configs/deb-modules.list), comments and blank lines gone; a
# malformed line fails, naming it.
deb_modules() {
	[ -r "$1" ] || { echo "lab: error: no module list at $1" >&2; return 1; }
	sed -e 's/#.*//' -e 's/[[:space:]]\{1,\}/ /g' -e 's/^ //' -e 's/ $//' -e '/^$/d' "$1" |
		awk -v f="$1" '
			/ CONFIG_/ { print "lab: error: " f ": the symbol goes without CONFIG_: " $0 > "/dev/stderr"; bad = 1; next }
			!/^[a-z0-9_-]+ [A-Z0-9_]+$/ { print "lab: error: " f ": not \"module SYMBOL\": " $0 > "/dev/stderr"; bad = 1 }
			{ print }
			END { if (NR == 0) { print "lab: error: " f ": no module listed" > "/dev/stderr"; bad = 1 } exit bad }'
}

# series_at_valid NAME: NAME is series@REV or series@REV:N, with REV 7 to 40
# hex digits (a branch or HEAD moves, and the bench could not be repeated)
# and N a patch count.
series_at_valid() {
	printf '%s\n' "$1" | grep -Eqx 'series@[0-9a-f]{7,40}(:[1-9][0-9]*)?'
}

# series_plus_valid NAME: NAME is series+MUTATION, MUTATION a patch of
# tests/mutations/ (without .patch): the series with that piece taken out,
# for the bench to weigh it (lab/series/tree.sh series+MUTATION).
series_plus_valid() {
	printf '%s\n' "$1" | grep -Eqx 'series\+[a-z0-9-]+' &&
		[ -f "$LAB_ROOT/tests/mutations/${1#series+}.patch" ]
}

# sheaves_plus_valid NAME: NAME is sheaves+EXPERIMENT, EXPERIMENT a patch of
# experiments-7.3/ (without .patch): a design the 7.x series does not
# propose, for the bench to weigh (lab/series/tree.sh sheaves+EXPERIMENT).
sheaves_plus_valid() {
	printf '%s\n' "$1" | grep -Eqx 'sheaves\+[a-z0-9-]+' &&
		[ -f "$LAB_ROOT/experiments-7.3/${1#sheaves+}.patch" ]
}

# tree_folder NAME: NAME as a folder name; make takes no ':' in O=.
tree_folder() {
	printf '%s\n' "$1" | tr '@:' '--'
}

# kbuild_opts: sets KCC and KHOSTCC, the compilers of every kernel make the
# lab runs, for the kernel and for its host programs (kconfig, objtool,
# ...; ccache gcc when ccache is installed, else gcc), and KJOBS, their job
# count (LAB_JOBS, or one a core). One place, so that kmake, bisect-build.sh
# and kunit-uml.sh compile alike and share one cache.
kbuild_opts() {
	KCC=gcc KHOSTCC=gcc
	KJOBS=${LAB_JOBS:-$(nproc)}
	if command -v ccache >/dev/null 2>&1; then
		KCC="ccache gcc" KHOSTCC="ccache gcc"
		# Hash paths relative to the build folder, so that every clone of
		# the lab (CI clones to a new folder each time) shares one cache.
		export CCACHE_BASEDIR="$LAB_WORK" CCACHE_NOHASHDIR=1
	fi
}

# kmake SRC OBJ ARGS...: make in the kernel tree SRC, output in OBJ, with
# kbuild_opts' compiler and jobs; configure and build use the same compiler.
kmake() {
	_src=$1 _obj=$2
	shift 2
	kbuild_opts
	make -s -C "$_src" O="$_obj" CC="$KCC" HOSTCC="$KHOSTCC" -j"$KJOBS" "$@"
}

# build_variants OUT VARIANT...: build each variant in turn (lab/kernel/build.sh),
# its log in OUT/build-VARIANT.log; the first that fails ends the run,
# naming its log.
build_variants() {
	_bo=$1
	shift
	for _bv in "$@"; do
		log "build $_bv"
		sh "$LAB_ROOT/lab/kernel/build.sh" "$_bv" >"$_bo/build-$_bv.log" 2>&1 ||
			die "build of $_bv failed; log: $_bo/build-$_bv.log"
	done
}
