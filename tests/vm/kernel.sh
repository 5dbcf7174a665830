#!/bin/bash
# Prints the path of a bootable Linux 7.x (or newer) kernel image taken from Debian's packages,
# fetching the package once into the cache when no copy is around.
#   tests/vm/kernel.sh            -> /path/to/vmlinuz on stdout, exit 0
# Exit 77 with the reason on stderr when no such kernel can be had (offline, no apt, ...).
#
# Looked up in this order:
#   $CPERF_VM_KERNEL                       a vmlinuz you name
#   $CACHE/kimg/**/vmlinuz*                 unpacked by an earlier run of this script
#   $ORACLE_VM/kimg, *.deb                  the oracle's copy (tests/oracle.sh), if present
#   Debian sid's newest linux-{binary,image}-7.*-cloud-amd64, fetched with apt-get download
#                                          from the Debian mirror this machine's apt uses
# $CACHE is ${XDG_CACHE_HOME:-~/.cache}/cperf/vm. The cloud flavour boots fast under qemu and has
# everything built in that the tests need (serial console, initramfs, perf events, unwind_user).
set -uo pipefail
cache_root=${XDG_CACHE_HOME:-$HOME/.cache}
CACHE=${CPERF_VM_CACHE:-$cache_root/cperf/vm}
. "$(dirname "$0")/../oracle.sh"

skip() { echo "kernel.sh: $*" >&2; exit 77; }

# A kernel is good when its version (from the modules folder or file name) is 7 or newer.
good_image() {
  local img=$1 ver
  ver=$(basename "$(dirname "$img")")
  case $(basename "$img") in vmlinuz-*) ver=${img##*/vmlinuz-} ;; esac
  [ -s "$img" ] && [ "${ver%%.*}" -ge 7 ] 2>/dev/null
}

find_image() {  # $1 = folder a package was unpacked into
  local img
  for img in "$1"/usr/lib/modules/*/vmlinuz "$1"/boot/vmlinuz-*; do
    good_image "$img" && { echo "$img"; return 0; }
  done
  return 1
}

unpack_deb() {  # $1 = .deb, $2 = folder; unpacks only the kernel image
  mkdir -p "$2" && dpkg-deb --fsys-tarfile "$1" | tar -x -C "$2" --wildcards \
    './usr/lib/modules/*/vmlinuz' './boot/vmlinuz-*' 2>/dev/null
  find_image "$2" >/dev/null
}

if [ -n "${CPERF_VM_KERNEL:-}" ]; then
  [ -s "$CPERF_VM_KERNEL" ] || skip "CPERF_VM_KERNEL=$CPERF_VM_KERNEL is not a file"
  echo "$CPERF_VM_KERNEL"; exit 0
fi
find_image "$CACHE/kimg" && exit 0
find_image "$ORACLE_VM/kimg" && exit 0
for deb in "$ORACLE_VM"/*.deb; do
  [ -f "$deb" ] && unpack_deb "$deb" "$CACHE/kimg" && find_image "$CACHE/kimg" && exit 0
done

# Fetch from Debian sid with a private apt state, leaving the machine's apt sources alone.
command -v apt-get >/dev/null || skip "no kernel 7.x cached and no apt-get to fetch one"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -f "$keyring" ] || skip "no kernel 7.x cached and no $keyring to check Debian's archive with"
# The mirror is the one this machine's apt already uses: the first "URIs:" of a deb822 source,
# else the first http(s) address of a one-line "deb" source.
mirror=$(cat /etc/apt/sources.list.d/*.sources 2>/dev/null | awk '/^URIs:/{print $2; exit}')
[ -n "$mirror" ] || mirror=$(cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list 2>/dev/null |
  awk '$1 == "deb" {for (i = 2; i <= NF; i++) if ($i ~ /^https?:/) {print $i; exit}}')
[ -n "$mirror" ] || skip "no kernel 7.x cached and no Debian mirror in this machine's apt sources"
mkdir -p "$CACHE/apt/lists/partial" "$CACHE/apt/archives/partial" "$CACHE/deb"
echo "deb [signed-by=$keyring] $mirror sid main" > "$CACHE/apt/sources.list"
apt_opts=(-o "Dir::Etc::SourceList=$CACHE/apt/sources.list" -o "Dir::Etc::SourceParts=-"
          -o "Dir::State::Lists=$CACHE/apt/lists" -o "Dir::Cache=$CACHE/apt"
          -o "Dir::Cache::Archives=$CACHE/apt/archives" -o "APT::Sandbox::User=root")
echo "kernel.sh: fetching a Linux 7.x kernel package from Debian sid (once)..." >&2
timeout 300 apt-get "${apt_opts[@]}" -qq update >/dev/null 2>&1 ||
  skip "apt-get update of Debian sid failed (no network to Debian's archive?)"
# Newest version first; at the same version linux-binary-* (which holds the image; newer
# Debian) before linux-image-* (the image itself on older Debian, a meta package on newer).
candidates=$(apt-cache "${apt_opts[@]}" search --names-only \
        '^linux-(binary|image)-[0-9][0-9.]*\+deb[0-9]+-cloud-amd64$' 2>/dev/null |
      cut -d' ' -f1 | sed -n 's/^linux-\(binary\|image\)-\(\([0-9]*\)\..*\)/\3 \2 \1 &/p' |
      awk '$1 >= 7 {print $2, ($3 == "binary" ? 0 : 1), $4}' | sort -k1,1Vr -k2,2n | cut -d' ' -f3)
[ -n "$candidates" ] || skip "found no linux-binary/linux-image 7.x cloud-amd64 package in Debian sid's lists (offline?)"
for pkg in $(echo "$candidates" | head -4); do
  (cd "$CACHE/deb" && timeout 600 apt-get "${apt_opts[@]}" -qq download "$pkg" >/dev/null 2>&1) ||
    continue
  for deb in "$CACHE/deb/${pkg}"_*.deb; do
    unpack_deb "$deb" "$CACHE/kimg" && find_image "$CACHE/kimg" && exit 0
  done
done
skip "no vmlinuz of a 7.x kernel in Debian sid's packages ($(echo $candidates | head -c 200))"
