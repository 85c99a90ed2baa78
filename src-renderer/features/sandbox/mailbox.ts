/** The sandbox mailbox: mails the local sandbox "sent", newest first, live. */
import { defineStore } from 'pinia';
import { ref } from 'vue';
import { agent } from '../../agent';
import type { SandboxMail } from '@contract/commands';
import { mergeMail } from '../../lib/mail-merge';

export const useMailStore = defineStore('mail', () => {
  const mails = ref<SandboxMail[]>([]);
  const error = ref<string | null>(null);
  const unread = ref(0);

  async function load(): Promise<void> {
    try {
      mails.value = mergeMail(mails.value, await agent.invoke('sandbox.mail', {}));
      error.value = null;
    } catch (e) {
      error.value = e instanceof Error ? e.message : String(e);
    }
  }

  let started = false;
  function start(): void {
    if (started) return;
    started = true;
    agent.onEvent('sandbox.mail', (m) => {
      mails.value = mergeMail(mails.value, [m]);
      unread.value++;
    });
    void load();
  }

  return { mails, error, unread, load, start };
});
