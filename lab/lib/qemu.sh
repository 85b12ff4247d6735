# QEMU (POSIX sh, sourced by lab/lib/common.sh): whether KVM runs a built
# kernel here, and the vCPU and memory options of a run (lab/run/boot.sh,
# the bench and the LAVA jobs). The rest of QEMU's profile is data:
# lab/run/qemu.json.

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
	_profile=$LAB_ROOT/lab/run/qemu.json
	# The profile's QEMU and options; a small guest with no init, which
	# panics (and so reboots and ends QEMU) right after its first lines.
	# shellcheck disable=SC2046
	timeout 15 "$(jq -r .binary "$_profile")" -accel kvm -cpu host -m 256M \
		$(jq -r '.options + .local_options | join(" ")' "$_profile") \
		-serial "file:$_con" -kernel "$1" \
		-append "$(jq -r '.cmdline | join(" ")' "$_profile") earlyprintk=serial,ttyS0 rdinit=/nonexistent" \
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

# qemu_machine ACCEL ICOUNT NATIVE: QEMU's accelerator and CPU options.
# ACCEL kvm, tcg or tcg-single (every vCPU on one host thread); with
# ICOUNT=1, TCG counts instructions as guest time; with NATIVE=1 the
# profile's CPU hides the hypervisor bit.
qemu_machine() {
	_cpu=$(jq -r .cpu "$LAB_ROOT/lab/run/qemu.json")
	[ "$3" = 0 ] || _cpu=$_cpu,-hypervisor
	if [ "$1" = kvm ]; then
		echo "-accel kvm -cpu host"
	elif [ "$2" = 1 ]; then
		echo "-accel tcg -cpu $_cpu -icount shift=0,sleep=off"
	elif [ "$1" = tcg-single ]; then
		echo "-accel tcg,thread=single -cpu $_cpu"
	else
		echo "-accel tcg -cpu $_cpu"
	fi
}
