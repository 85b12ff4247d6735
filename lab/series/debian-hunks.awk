# debian-hunks.awk: Documentation/admin-guide/kernel-parameters.txt as
# upstream has it, from Debian's copy: the lines Debian's own patches add
# are left out (lab/series/tree.sh upstream checks the blobs before and
# after). Named in Debian's changelog: "intel-iommu: Add option to exclude
# integrated GPU only" (the intgpu_off item of intel_iommu=) and "x86: Make
# x32 syscall support conditional on a kernel parameter" (syscall.x32=,
# with the blank line before it).
{ line[NR] = $0 }
END {
	for (i = 1; i <= NR; i++) {
		if (line[i] == "\t\tintgpu_off [Default Off]") {
			i++
			continue
		}
		if (line[i] == "" && line[i + 1] ~ /^\tsyscall\.x32=/) {
			i += 3
			continue
		}
		print line[i]
	}
}
