// SPDX-License-Identifier: GPL-2.0-only
/*
 * AF_ALG hash helpers (see afalg.h). Plain sockets, no library, so the
 * selftests build anywhere a kselftest builds.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/utsname.h>
#include <unistd.h>
#include <linux/if_alg.h>

#include "afalg.h"

#ifndef SOL_ALG
#define SOL_ALG 279
#endif

int afalg_open(struct afalg_hash *h, const char *name)
{
	struct sockaddr_alg sa = { .salg_family = AF_ALG, .salg_type = "hash" };
	int err;

	h->tfm = -1;
	h->op = -1;
	if (strlen(name) >= sizeof(sa.salg_name))
		return -ENAMETOOLONG;
	strcpy((char *)sa.salg_name, name);
	h->tfm = socket(AF_ALG, SOCK_SEQPACKET, 0);
	if (h->tfm < 0)
		return -errno;
	if (bind(h->tfm, (struct sockaddr *)&sa, sizeof(sa)) < 0)
		goto fail;
	h->op = accept(h->tfm, NULL, 0);
	if (h->op < 0)
		goto fail;
	return 0;
fail:
	err = -errno;
	afalg_close(h);
	return err;
}

void afalg_close(struct afalg_hash *h)
{
	if (h->op >= 0)
		close(h->op);
	if (h->tfm >= 0)
		close(h->tfm);
	h->op = -1;
	h->tfm = -1;
}

int afalg_set_seed(struct afalg_hash *h, uint32_t seed)
{
	unsigned char key[4] = { seed, seed >> 8, seed >> 16, seed >> 24 };

	/* AF_ALG refuses setkey (EBUSY) while an operation socket is open. */
	close(h->op);
	h->op = -1;
	if (setsockopt(h->tfm, SOL_ALG, ALG_SET_KEY, key, sizeof(key)) < 0)
		return -errno;
	h->op = accept(h->tfm, NULL, 0);
	return h->op < 0 ? -errno : 0;
}

/* Send a piece of a message that continues afterwards. */
static int send_more(int fd, const unsigned char *p, size_t len)
{
	while (len) {
		ssize_t n = send(fd, p, len, MSG_MORE);

		if (n <= 0)
			return n < 0 ? -errno : -EIO;
		p += n;
		len -= n;
	}
	return 0;
}

int afalg_digest_bytes(struct afalg_hash *h, const void *data, size_t len,
		       const size_t *split, size_t nsplit, void *out, size_t outlen)
{
	const unsigned char *p = data;
	size_t i;
	int err;

	for (i = 0; i < nsplit && split[i] <= len; i++) {
		err = send_more(h->op, p, split[i]);
		if (err)
			return err;
		p += split[i];
		len -= split[i];
	}
	/* Final piece (possibly empty): send without MSG_MORE ends the message. */
	if (send(h->op, p, len, 0) != (ssize_t)len)
		return errno ? -errno : -EIO;
	if (recv(h->op, out, outlen, 0) != (ssize_t)outlen)
		return errno ? -errno : -EIO;
	return 0;
}

int afalg_digest(struct afalg_hash *h, const void *data, size_t len,
		 const size_t *split, size_t nsplit, uint32_t *digest)
{
	unsigned char out[4];
	int err;

	err = afalg_digest_bytes(h, data, len, split, nsplit, out, sizeof(out));
	if (err)
		return err;
	*digest = out[0] | out[1] << 8 | out[2] << 16 | (uint32_t)out[3] << 24;
	return 0;
}

const char *afalg_crc32c_reference(void)
{
	struct utsname u;
	unsigned int major = 0, minor = 0;

	if (uname(&u) == 0)
		sscanf(u.release, "%u.%u", &major, &minor);
	return major * 1000 + minor <= 6016 ? "crc32c-generic" : "crc32c-lib";
}
