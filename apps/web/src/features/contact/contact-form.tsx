import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Input, Label, Textarea } from '@/components/ui/input';
import { toast } from '@/hooks/use-toast';
import { CONTACT_SEND_FAILED_MESSAGE, EMPTY_CONTACT_MESSAGE } from '@/lib/contract';
import { useSendContactMessage } from './api';

export function ContactForm() {
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState('');
  const send = useSendContactMessage({
    onSuccess: () => {
      setEmail('');
      setMessage('');
      toast({
        title: 'Message Sent',
        description: "Thanks! We'll get back to you within 24 hours on business days.",
      });
    },
    onError: () => {
      toast({
        title: 'Error',
        description: CONTACT_SEND_FAILED_MESSAGE,
        variant: 'destructive',
      });
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = message.trim();
    if (!trimmed) {
      toast({ title: EMPTY_CONTACT_MESSAGE, variant: 'destructive' });
      return;
    }
    send.mutate({ body: { email: email.trim(), message: trimmed } });
  };

  return (
    <form
      onSubmit={onSubmit}
      className="grid gap-5 rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      noValidate
    >
      <div className="grid gap-2">
        <Label htmlFor="contact-email">Email (optional)</Label>
        <Input
          id="contact-email"
          type="email"
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor="contact-message">Message</Label>
        <Textarea
          id="contact-message"
          placeholder="Tell us what you need or what you'd like to see in Rasma"
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
      </div>
      <Button type="submit" disabled={send.isPending} className="justify-self-start">
        {send.isPending ? 'Sending...' : 'Send Message'}
      </Button>
    </form>
  );
}
