/* Two threads named as QEMU names its VCPU threads ("CPU N/KVM"), each spinning a while
   without system calls or vdso calls. */
#include <pthread.h>
#include <stdio.h>
#include <sys/prctl.h>
static void *vcpu(void *arg) {
  char n[16];
  snprintf(n, sizeof n, "CPU %ld/KVM", (long)arg);
  prctl(PR_SET_NAME, n);
  volatile unsigned long x = 0;
  for (unsigned long i = 0; i < 60000000UL; i++) x += i;
  return 0;
}
int main(void) {
  pthread_t t[2];
  for (long i = 0; i < 2; i++) pthread_create(&t[i], 0, vcpu, (void *)i);
  for (int i = 0; i < 2; i++) pthread_join(t[i], 0);
  return 0;
}
