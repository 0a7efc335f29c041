/*
 * Holds every packet of an NFQUEUE queue for a fixed delay, then accepts it, in arrival order.
 * The kernel here has no netem (see LAB.md), so the lab's latency comes from this program.
 * Usage: delay QUEUE_NUM DELAY_MS. Runs until SIGTERM/SIGINT. Packets are never reordered or dropped
 * by this program; if its backlog fills, the kernel bypasses the queue (--queue-bypass).
 */
#include <arpa/inet.h>
#include <errno.h>
#include <libnetfilter_queue/libnetfilter_queue.h>
#include <linux/netfilter.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#define BACKLOG 65536

typedef struct {
  uint32_t id;
  uint64_t due_us;
} held_t;

static held_t ring[BACKLOG];
static size_t head = 0, tail = 0, count = 0;
static uint64_t delay_us = 40000;
static volatile sig_atomic_t stopping = 0;
static unsigned long long total = 0, overflow = 0;

static uint64_t now_us(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (uint64_t)ts.tv_sec * 1000000ull + (uint64_t)ts.tv_nsec / 1000ull;
}

static void on_signal(int sig) {
  (void)sig;
  stopping = 1;
}

static int on_packet(struct nfq_q_handle *qh, struct nfgenmsg *msg, struct nfq_data *nfa, void *data) {
  (void)msg;
  (void)data;
  struct nfqnl_msg_packet_hdr *ph = nfq_get_msg_packet_hdr(nfa);
  if (!ph) return 0;
  uint32_t id = ntohl(ph->packet_id);
  total++;
  if (count == BACKLOG) {
    /* Full: let it through now rather than drop it; the lab must not add loss of its own. */
    overflow++;
    return nfq_set_verdict(qh, id, NF_ACCEPT, 0, NULL);
  }
  ring[tail].id = id;
  ring[tail].due_us = now_us() + delay_us;
  tail = (tail + 1) % BACKLOG;
  count++;
  return 0;
}

static void release_due(struct nfq_q_handle *qh, uint64_t now) {
  while (count > 0 && ring[head].due_us <= now) {
    nfq_set_verdict(qh, ring[head].id, NF_ACCEPT, 0, NULL);
    head = (head + 1) % BACKLOG;
    count--;
  }
}

int main(int argc, char **argv) {
  if (argc != 3) {
    fprintf(stderr, "usage: %s QUEUE_NUM DELAY_MS\n", argv[0]);
    return 2;
  }
  int queue_num = atoi(argv[1]);
  delay_us = (uint64_t)atoi(argv[2]) * 1000ull;

  signal(SIGTERM, on_signal);
  signal(SIGINT, on_signal);

  struct nfq_handle *h = nfq_open();
  if (!h) {
    perror("nfq_open");
    return 1;
  }
  struct nfq_q_handle *qh = nfq_create_queue(h, (uint16_t)queue_num, &on_packet, NULL);
  if (!qh) {
    perror("nfq_create_queue");
    return 1;
  }
  /* Only the verdict matters, not the payload: copy metadata only. */
  if (nfq_set_mode(qh, NFQNL_COPY_META, 0) < 0) {
    perror("nfq_set_mode");
    return 1;
  }
  nfq_set_queue_maxlen(qh, BACKLOG);
  int fd = nfq_fd(h);
  /* A big receive buffer so bursts at 10 Mbit/s never overrun the netlink socket. */
  int rcvbuf = 8 * 1024 * 1024;
  setsockopt(fd, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof rcvbuf);
  int one = 1;
  setsockopt(fd, SOL_NETLINK, NETLINK_NO_ENOBUFS, &one, sizeof one);

  char buf[65536] __attribute__((aligned));
  fprintf(stderr, "delay: queue %d, %llu ms\n", queue_num, (unsigned long long)(delay_us / 1000));
  while (!stopping) {
    uint64_t now = now_us();
    release_due(qh, now);
    int timeout_ms = 50;
    if (count > 0) {
      uint64_t wait = ring[head].due_us > now ? ring[head].due_us - now : 0;
      timeout_ms = (int)((wait + 999) / 1000);
    }
    struct pollfd pfd = {.fd = fd, .events = POLLIN};
    int r = poll(&pfd, 1, timeout_ms);
    if (r < 0) {
      if (errno == EINTR) continue;
      perror("poll");
      break;
    }
    if (r > 0 && (pfd.revents & POLLIN)) {
      for (;;) {
        int n = recv(fd, buf, sizeof buf, MSG_DONTWAIT);
        if (n < 0) break;
        nfq_handle_packet(h, buf, n);
      }
    }
  }
  /* Release whatever is still held so no flow is left stuck when the lab stops. */
  release_due(qh, UINT64_MAX);
  fprintf(stderr, "delay: %llu packets, %llu passed early (backlog full)\n", total, overflow);
  nfq_destroy_queue(qh);
  nfq_close(h);
  return 0;
}
