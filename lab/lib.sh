# Common helpers for the lab scripts (POSIX sh, sourced).
# Paths can be overridden from the environment:
#   LAB_WORK     kernel trees, builds, initramfs (default: ./build)
#   LAB_RESULTS  results of runs (default: ./results)
#   KERNEL_SRC   use this kernel tree instead of the series tree
#   LAB_LOCAL    make menuconfig's fragments, one per build (default: ./local)
#   LAB_OBJ      kernel build folders (default: $LAB_WORK/obj)
#   LAB_JOBS     make -j of kernel builds (default: one a core)
#   LAB_PATCHES, LAB_SERIES_TREE, LAB_VARIANTS, LAB_CONFIGS: other
#                patches/, series tree, variants/, configs/ (the lab's
#                self-tests use them)

LAB_ROOT=$(cd "$(dirname "$0")/.." && pwd)
LAB_WORK=${LAB_WORK:-$LAB_ROOT/build}
LAB_RESULTS=${LAB_RESULTS:-$LAB_ROOT/results}
LAB_TARBALL=${LAB_TARBALL:-/usr/src/linux-source-6.12.tar.xz}
BASE_TREE=$LAB_WORK/src/base
SERIES_TREE=${LAB_SERIES_TREE:-$LAB_WORK/src/series}
PATCH_DIR=${LAB_PATCHES:-$LAB_ROOT/patches}
VARIANT_DIR=${LAB_VARIANTS:-$LAB_ROOT/variants}
CONFIG_DIR=${LAB_CONFIGS:-$LAB_ROOT/configs}
LAB_LOCAL=${LAB_LOCAL:-$LAB_ROOT/local}
LAB_OBJ=${LAB_OBJ:-$LAB_WORK/obj}
LAB_START=${LAB_START:-$(date +%s)}
export LAB_START

# Identity used for the base commit, so it hashes the same on every machine.
LAB_GIT="git -c user.name=lab -c user.email=lab@localhost -c commit.gpgsign=false"

log() {
	printf '[lab %4ss] %s\n' "$(( $(date +%s) - LAB_START ))" "$*" >&2
}

die() {
	printf 'lab: error: %s\n' "$*" >&2
	exit 1
}

usage_die() {
	printf 'lab: %s\n' "$*" >&2
	[ -n "${USAGE:-}" ] && printf 'usage: %s\n' "$USAGE" >&2
	exit 2
}

# number WHAT VALUE: a usage error unless VALUE is a positive whole number.
number() {
	case $2 in '' | *[!0-9]* | 0) usage_die "$1 takes a positive whole number, not '$2'" ;; esac
}

# rotate ROUND WORD...: the words rotated left by ROUND - 1, so that
# round after round no variant always boots first.
rotate() {
	_r=$1
	shift
	echo "$@" | awk -v r="$_r" '{ for (i = 0; i < NF; i++) printf "%s ", $(((i + r - 1) % NF) + 1) }'
}

# time_left DONE TOTAL STARTED: "about N min M s left" after DONE of TOTAL
# steps, at the pace since STARTED (date +%s).
time_left() {
	_left=$((($(date +%s) - $3) * ($2 - $1) / $1))
	echo "about $((_left / 60)) min $((_left % 60)) s left"
}

# tree_dir NAME: the source folder of tree "base" or "series".
tree_dir() {
	case $1 in
	base) echo "$BASE_TREE" ;;
	series) echo "${KERNEL_SRC:-$SERIES_TREE}" ;;
	*) die "unknown tree '$1' (known: base, series)" ;;
	esac
}

# Variants. variants/BUILD.variant declares a build: key=value lines tree,
# fragments, cmdline, description, and optionally boots (boot lists) and
# check (yes: make check boots it). Each line "SUFFIX PARAMETERS" of a boot
# list variants/LIST.boots declares one more variant, BUILD-SUFFIX: the same
# build booted with PARAMETERS in its cmdline, where the word {boot} stands
# (at the end when there is none). BUILD itself boots without them.

# variant_builds: the declared builds, one name a line.
variant_builds() {
	for _f in "$VARIANT_DIR"/*.variant; do
		[ -f "$_f" ] || continue
		_f=${_f##*/}
		echo "${_f%.variant}"
	done
}

# load_build BUILD: sets B_FILE B_TREE B_FRAGMENTS B_CMDLINE B_DESC
# B_BOOTS B_CHECK; anything but the known keys is an error, so typos do not
# pass silently.
load_build() {
	B_FILE=$VARIANT_DIR/$1.variant
	B_TREE= B_FRAGMENTS= B_CMDLINE= B_DESC= B_BOOTS= B_CHECK=no
	_n=0
	while IFS= read -r _line || [ -n "$_line" ]; do
		_n=$((_n + 1))
		case $_line in
		'' | '#'*) continue ;;
		tree=*) B_TREE=${_line#tree=} ;;
		fragments=*) B_FRAGMENTS=${_line#fragments=} ;;
		cmdline=*) B_CMDLINE=${_line#cmdline=} ;;
		description=*) B_DESC=${_line#description=} ;;
		boots=*) B_BOOTS=${_line#boots=} ;;
		check=*) B_CHECK=${_line#check=} ;;
		*) die "$B_FILE:$_n: unknown line '$_line' (keys: tree, fragments, cmdline, description, boots, check)" ;;
		esac
	done <"$B_FILE"
	case $B_TREE in
	base | series) ;;
	*) die "$B_FILE: tree must be 'base' or 'series', not '$B_TREE'" ;;
	esac
	case $B_CHECK in
	yes | no) ;;
	*) die "$B_FILE: check must be 'yes' or 'no', not '$B_CHECK'" ;;
	esac
	[ -n "$B_FRAGMENTS" ] || die "$B_FILE: no fragments"
	for _fr in $B_FRAGMENTS; do
		[ -f "$CONFIG_DIR/$_fr.config" ] ||
			die "$B_FILE: missing fragment file $CONFIG_DIR/$_fr.config"
	done
	for _l in $B_BOOTS; do
		[ -f "$VARIANT_DIR/$_l.boots" ] ||
			die "$B_FILE: boots=$_l: missing boot list $VARIANT_DIR/$_l.boots"
	done
}

# boot_lines: the "SUFFIX PARAMETERS" lines of the loaded build's boot
# lists, checked: a suffix is lower case letters, digits and dashes, and
# its parameters are not empty.
boot_lines() {
	for _l in $B_BOOTS; do
		_n=0
		while IFS= read -r _line || [ -n "$_line" ]; do
			_n=$((_n + 1))
			case $_line in '' | '#'*) continue ;; esac
			_s=${_line%%[[:space:]]*}
			_p=${_line#"$_s"}
			case $_s in
			'' | *[!a-z0-9-]* | -* | *-) die "$VARIANT_DIR/$_l.boots:$_n: '$_s' is not a suffix (a-z, 0-9, -)" ;;
			esac
			[ -n "${_p#"${_p%%[![:space:]]*}"}" ] ||
				die "$VARIANT_DIR/$_l.boots:$_n: '$_s' has no boot parameters"
			printf '%s\n' "$_line"
		done <"$VARIANT_DIR/$_l.boots"
	done
}

# boot_variants BUILD: the variants BUILD's boot lines declare, BUILD-SUFFIX
# one a line. It reads the names only (the last boots= line counts, as in
# load_build); load_variant checks what it loads.
boot_variants() {
	for _l in $(sed -n 's/^boots=//p' "$VARIANT_DIR/$1.variant" | tail -n 1); do
		[ ! -f "$VARIANT_DIR/$_l.boots" ] ||
			sed -n "s/^\([^#[:space:]][^[:space:]]*\).*/$1-\1/p" "$VARIANT_DIR/$_l.boots"
	done
}

# variant_names [--check]: every declared variant (or those make check
# boots), one a line: each build, then its boot lines' variants, by name
# only (boot_variants); --check loads each build, so a malformed check=
# fails the matrix instead of leaving a build out.
variant_names() {
	for _b in $(variant_builds); do
		if [ "${1:-}" = --check ]; then
			load_build "$_b"
			[ "$B_CHECK" = yes ] || continue
		fi
		echo "$_b"
		boot_variants "$_b"
	done
}

# unknown_variant NAME: the error for a name nothing declares.
unknown_variant() {
	_names=$(variant_names) || exit 1
	die "unknown variant \"$1\"; declared variants:" $_names
}

# load_variant NAME: sets V_NAME V_BUILD V_TREE V_FRAGMENTS V_CMDLINE V_DESC,
# V_LOCAL (the build's local fragment from make menuconfig, when there is
# one) and V_OBJ (its build folder).
load_variant() {
	V_NAME=$1 V_BUILD= _params=
	for _b in $(variant_builds); do
		case $1 in
		"$_b") load_build "$_b"; V_BUILD=$_b; break ;;
		"$_b"-*) ;;
		*) continue ;;
		esac
		load_build "$_b"
		_lines=$(boot_lines) || exit 1
		_params=$(printf '%s\n' "$_lines" | awk -v s="${1#"$_b"-}" '$1 == s { $1 = ""; sub(/^ /, ""); print; exit }')
		[ -n "$_params" ] && V_BUILD=$_b && break
	done
	[ -n "$V_BUILD" ] || unknown_variant "$1"
	V_TREE=$B_TREE V_FRAGMENTS=$B_FRAGMENTS V_DESC=$B_DESC
	[ -z "$_params" ] || V_DESC="$V_DESC, booted with $_params"
	case $B_CMDLINE in
	*'{boot}'*) _c="${B_CMDLINE%%\{boot\}*} $_params ${B_CMDLINE#*\{boot\}}" ;;
	*) _c="$B_CMDLINE $_params" ;;
	esac
	# One space between words, none at the ends, whatever {boot} became.
	V_CMDLINE=$(printf '%s\n' "$_c" | awk '{ $1 = $1; print }')
	V_LOCAL=$(local_fragment "$V_BUILD")
	[ -f "$V_LOCAL" ] || V_LOCAL=
	# shellcheck disable=SC2086
	V_OBJ=$(obj_dir "$V_TREE" $V_FRAGMENTS)
	# A build with a local fragment gets its own folder, so removing the
	# fragment goes back to the declared build as it was.
	[ -z "$V_LOCAL" ] || V_OBJ=$V_OBJ-local
}

# local_fragment BUILD: where make menuconfig keeps the build's changes.
local_fragment() {
	echo "$LAB_LOCAL/$1.config"
}

# obj_dir TREE FRAGMENTS...: one build folder per (tree, fragments), so
# variants that differ only in boot parameters share a build.
obj_dir() {
	_t=$1
	shift
	_name=$_t
	for _fr in "$@"; do _name=$_name-$_fr; done
	[ -n "${KERNEL_SRC:-}" ] && [ "$_t" = series ] && _name=custom-${_name#series-}
	echo "$LAB_OBJ/$_name"
}

# kbuild_opts: sets KCC, the compiler of every kernel make the lab runs
# (ccache gcc when ccache is installed, else gcc), and KJOBS, their job
# count (LAB_JOBS, or one a core). One place, so that kmake, bisect-build.sh
# and kunit-uml.sh compile alike and share one cache.
kbuild_opts() {
	KCC=gcc
	KJOBS=${LAB_JOBS:-$(nproc)}
	if command -v ccache >/dev/null 2>&1; then
		KCC="ccache gcc"
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
	make -s -C "$_src" O="$_obj" CC="$KCC" -j"$KJOBS" "$@"
}

# have_kvm: /dev/kvm exists and we can open it read-write.
have_kvm() {
	[ -c /dev/kvm ] && [ -r /dev/kvm ] && [ -w /dev/kvm ]
}

# kvm_boots KERNEL: KVM really runs a 64-bit kernel here. Some hosts offer a
# /dev/kvm on which firmware runs but a kernel never prints a line (nested
# or paravirtual setups), so we try once per host boot and remember.
kvm_boots() {
	have_kvm || return 1
	_memo=$LAB_WORK/kvm-boots
	_id=$(cat /proc/sys/kernel/random/boot_id 2>/dev/null || echo unknown)
	if [ -f "$_memo" ] && [ "$(cut -d' ' -f1 "$_memo")" = "$_id" ]; then
		[ "$(cut -d' ' -f2 "$_memo")" = yes ]
		return
	fi
	_con=$(mktemp)
	timeout 15 qemu-system-x86_64 -accel kvm -cpu host -m 256M -nodefaults \
		-display none -no-reboot -serial "file:$_con" -kernel "$1" \
		-append "console=ttyS0 earlyprintk=serial,ttyS0 panic=-1 rdinit=/nonexistent" \
		</dev/null >/dev/null 2>&1
	_ans=no
	grep -q 'Linux version' "$_con" && _ans=yes
	rm -f "$_con"
	mkdir -p "$LAB_WORK"
	echo "$_id $_ans" >"$_memo"
	[ $_ans = yes ] || log "/dev/kvm is present but a kernel does not boot on it here; using TCG"
	[ $_ans = yes ]
}

# text_objects OBJ: "function<TAB>object<TAB>size" (size in hex, as %pS
# prints it) for every text symbol of the objects in the kernel build in
# OBJ (paths relative to OBJ; scripts/, tools/ and the boot stub left out,
# a few objects that are not linked into vmlinux stay), so that a stack
# frame's function can be placed. Static functions of the same name in
# several objects appear once for each.
text_objects() {
	(cd "$1" && find . -name '*.o' ! -name '*.mod.o' ! -name vmlinux.o \
		! -path './scripts/*' ! -path './tools/*' ! -path './arch/x86/boot/*' |
		sed 's|^\./||' | LC_ALL=C sort | xargs nm -A -S --defined-only) 2>/dev/null |
		awk '{ i = index($1, ":") }
		NF == 4 && $3 ~ /^[tTwW]$/ {
			size = $2
			sub(/^0+/, "", size)
			print $4 "\t" substr($1, 1, i - 1) "\t0x" (size == "" ? "0" : size)
		}
		# Assembly symbols have no size.
		NF == 3 && $2 ~ /^[tTwW]$/ { print $3 "\t" substr($1, 1, i - 1) "\t" }'
}
