# SPDX-License-Identifier: GPL-2.0-only
#
# kunit.py --qemu_config for make check-upstream (tools/upstream/kunit-lanes.sh):
# upstream's big-endian powerpc.py with AltiVec and VSX, which it leaves
# unset, so that lib/crc builds its powerpc code; the CPU model comes from
# --qemu_args.
from ..qemu_config import QemuArchParams

QEMU_ARCH = QemuArchParams(linux_arch='powerpc',
			   kconfig='''
CONFIG_PPC64=y
CONFIG_CPU_BIG_ENDIAN=y
CONFIG_ALTIVEC=y
CONFIG_VSX=y
CONFIG_SERIAL_8250=y
CONFIG_SERIAL_8250_CONSOLE=y
CONFIG_HVC_CONSOLE=y
''',
			   qemu_arch='ppc64',
			   kernel_path='vmlinux',
			   kernel_command_line='console=ttyS0',
			   extra_qemu_params=['-M', 'pseries,cap-cfpc=broken,cap-sbbc=broken,'
					      'cap-ibs=broken,cap-ccf-assist=off'])
