# Kernel trees and builds (POSIX sh, sourced by lab/lib/common.sh): which tree,
# the compiler and make of every kernel build, whether KVM runs a built
# kernel, and where a built kernel's functions live.

# tree_dir NAME: the source folder of tree "base", "series", or
# "series@REV[:N]" (the series as lab commit REV had it, its first N
# patches: lab/series/tree.sh).
tree_dir() {
	case $1 in
	base) echo "$BASE_TREE" ;;
	series) echo "${KERNEL_SRC:-$SERIES_TREE}" ;;
	series@?*) echo "$LAB_WORK/src/$(tree_folder "$1")" ;;
	*) die "unknown tree '$1' (known: base, series, series@REV[:N])" ;;
	esac
}

# series_at_valid NAME: NAME is series@REV or series@REV:N, with REV 7 to 40
# hex digits (a branch or HEAD moves, and the bench could not be repeated)
# and N a patch count.
series_at_valid() {
	printf '%s\n' "$1" | grep -Eqx 'series@[0-9a-f]{7,40}(:[1-9][0-9]*)?'
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

# qemu_topology SMP MEM NUMA: QEMU's vCPU and memory options. -m MEM
# (NNNM or NNG, as LAB_MEM), and with NUMA=yes one node per vCPU, each its
# own socket (with all vCPUs in one socket the guest warns that the
# socket's cache siblings span nodes) and an equal share of MEM in a RAM
# backend of its own.
qemu_topology() {
	case $2 in
	*[0-9]G) _mib=${2%G} _unit=1024 ;;
	*[0-9]M) _mib=${2%M} _unit=1 ;;
	*) die "memory size '$2' is not NNNM or NNG" ;;
	esac
	case $_mib in *[!0-9]*) die "memory size '$2' is not NNNM or NNG" ;; esac
	_mib=$((_mib * _unit))
	if [ "$3" != yes ]; then
		echo "-smp $1 -m $2"
		return
	fi
	_per=$((_mib / $1))
	[ $((_per * $1)) = "$_mib" ] || die "$2 of memory does not split into $1 equal NUMA nodes"
	printf '%s' "-smp $1,sockets=$1 -m $2"
	_i=0
	while [ $_i -lt "$1" ]; do
		printf ' %s' "-object memory-backend-ram,id=node$_i,size=${_per}M" \
			"-numa node,nodeid=$_i,cpus=$_i,memdev=node$_i"
		_i=$((_i + 1))
	done
	echo
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
