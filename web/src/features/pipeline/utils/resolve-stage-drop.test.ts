import { describe, expect, it } from 'vitest';
import { isApplicationStage, resolveStageDrop } from './resolve-stage-drop';

describe('resolveStageDrop', () => {
  describe('when the card is dropped on another column', () => {
    it('lands in that column’s stage', () => {
      expect(resolveStageDrop('applied', { id: 'interview', data: { stage: 'interview' } })).toBe('interview');
    });
    it('reads the stage from the id when the column carries no data', () => {
      expect(resolveStageDrop('applied', { id: 'offer' })).toBe('offer');
    });
    it('allows any direction, including backwards and to rejected', () => {
      expect(resolveStageDrop('placed', { id: 'applied' })).toBe('applied');
      expect(resolveStageDrop('phone_screen', { id: 'rejected' })).toBe('rejected');
    });
  });

  describe('when the card is dropped on a card in another column', () => {
    it('lands in that card’s stage', () => {
      expect(resolveStageDrop('applied', { id: 42, data: { stage: 'final_interview' } })).toBe('final_interview');
    });
  });

  describe('when nothing should happen', () => {
    it('ignores a drop on its own column', () => {
      expect(resolveStageDrop('interview', { id: 'interview', data: { stage: 'interview' } })).toBeNull();
    });
    it('ignores a drop outside the board', () => {
      expect(resolveStageDrop('applied', null)).toBeNull();
      expect(resolveStageDrop('applied', undefined)).toBeNull();
    });
    it('ignores a target that is not a stage', () => {
      expect(resolveStageDrop('applied', { id: 'trash' })).toBeNull();
      expect(resolveStageDrop('applied', { id: 7, data: { stage: 'archived' } })).toBeNull();
    });
  });
});

describe('isApplicationStage', () => {
  it('knows the seven stages', () => {
    expect(isApplicationStage('phone_screen')).toBe(true);
    expect(isApplicationStage('Phone Screen')).toBe(false);
    expect(isApplicationStage(3)).toBe(false);
  });
});
