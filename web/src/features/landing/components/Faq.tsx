import { useId, useState } from 'react';
import { FAQ_ENTRIES } from './faq-entries.js';

/** An accordion with exactly one answer open: the first at start; clicking the open one keeps it open. */
export function Faq() {
  const [openIndex, setOpenIndex] = useState(0);
  const baseId = useId();
  return (
    <div className="faq" data-testid="faq">
      {FAQ_ENTRIES.map((entry, index) => {
        const open = openIndex === index;
        const panelId = `${baseId}-panel-${index}`;
        const buttonId = `${baseId}-button-${index}`;
        return (
          <div key={entry.question} className={`faq-item ${open ? 'faq-open' : ''}`}>
            <h3>
              <button id={buttonId} type="button" className="faq-question" aria-expanded={open} aria-controls={panelId} onClick={() => setOpenIndex(index)}>
                <span>{entry.question}</span>
                <span className="faq-icon" aria-hidden="true">
                  {open ? '−' : '+'}
                </span>
              </button>
            </h3>
            <section id={panelId} aria-labelledby={buttonId} className="faq-answer" hidden={!open}>
              <p>{entry.answer}</p>
            </section>
          </div>
        );
      })}
    </div>
  );
}
