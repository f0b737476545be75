import 'fake-indexeddb/auto';
// Node's Blob survives the store's structured clone as a browser's does (jsdom's does not).
import { Blob as NodeBlob } from 'node:buffer';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { visitFixture } from '../testing';
import { MIGRATIONS, openFieldDb, type FieldDb, type StoredVisit } from '../store/db';
import { photosOfVisit, putPhoto } from '../store/photos';
import { saveVisit } from '../store/visits';
import { toSyncCheckIn } from '../visit/to-sync';
import { FakeSync, httpError, networkError } from './fake-sync';
import { BATCH_SIZE, recoverSending, sendRound } from './send';

vi.stubGlobal('Blob', NodeBlob);

let db: FieldDb;

beforeEach(async () => {
  globalThis.indexedDB = new IDBFactory();
  db = await openFieldDb(7);
  return () => db.close();
});

function visit(n: number, overrides: Partial<StoredVisit> = {}): StoredVisit {
  const minute = String(n % 60).padStart(2, '0');
  return visitFixture({
    uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    pointOfSaleId: n,
    startDate: `2026-11-26T${String(10 + Math.floor(n / 60)).padStart(2, '0')}:${minute}:00.000Z`,
    ...overrides,
  });
}

async function addPhoto(visitUuid: string, key: string) {
  await putPhoto(db, {
    key,
    visitUuid,
    blob: new Blob([key], { type: 'image/jpeg' }),
    type: 'image/jpeg',
    width: 640,
    height: 480,
    takenAt: '2026-11-26T10:05:00.000Z',
    serverId: null,
  });
}

const stored = (uuid: string) => db.get('visits', uuid);

describe('a sending round', () => {
  it('sends the pending visits oldest first, in batches of at most 50, and keeps the answers', async () => {
    const server = new FakeSync();
    for (let n = 60; n >= 1; n--) await saveVisit(db, visit(n));
    await saveVisit(db, visit(99, { state: 'draft' }));
    expect(await sendRound(db, server, toSyncCheckIn)).toEqual({
      sent: 60,
      rejected: 0,
      malformed: [],
    });
    expect(server.batches.map((batch) => batch.length)).toEqual([BATCH_SIZE, 10]);
    expect(server.batches[0]?.[0]).toBe(visit(1).uuid);
    expect(await stored(visit(1).uuid)).toMatchObject({
      state: 'sent',
      checkInId: 41,
      syncedAt: '2026-11-26T18:02:11.000Z',
      answerPoints: 7,
    });
    expect((await stored(visit(99).uuid))?.state).toBe('draft');
  });

  it("keeps the server's reasons of a rejected visit, by field", async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1));
    await saveVisit(db, visit(2));
    server.rejects.set(visit(2).uuid, 'La campaña ya no está activa.');
    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ sent: 1, rejected: 1 });
    expect(await stored(visit(2).uuid)).toMatchObject({
      state: 'rejected',
      validationErrors: [{ field: 'campaignId', message: 'La campaña ya no está activa.' }],
    });
  });

  it('uploads the photos first and records their ids, so a crash before the visit uploads none twice', async () => {
    const server = new FakeSync();
    const uuid = visit(1).uuid;
    await saveVisit(db, visit(1, { photoKeys: ['p-1', 'p-2'] }));
    await addPhoto(uuid, 'p-1');
    await addPhoto(uuid, 'p-2');
    // The photos go up, then the visit's call never arrives (the phone dies, the signal drops).
    let uploads = 0;
    const dying = {
      uploadPhoto: (photo: Blob) => {
        uploads++;
        return server.uploadPhoto(photo);
      },
      sendCheckIns: () => Promise.reject(networkError()),
    };
    await expect(sendRound(db, dying, toSyncCheckIn)).rejects.toMatchObject({ statusCode: 0 });
    expect(uploads).toBe(2);
    expect((await photosOfVisit(db, uuid)).every((photo) => photo.serverId !== null)).toBe(true);
    expect((await stored(uuid))?.state).toBe('pending');

    await sendRound(db, server, toSyncCheckIn);
    expect(server.uploads).toEqual(['p-1', 'p-2']);
    expect(server.batches).toEqual([[uuid]]);
    expect((await stored(uuid))?.state).toBe('sent');
    // The server holds them now: the phone's copies are freed.
    expect(await photosOfVisit(db, uuid)).toEqual([]);
  });

  it('never uploads a photo the promoter removed from the visit', async () => {
    const server = new FakeSync();
    const uuid = visit(1).uuid;
    await saveVisit(db, visit(1, { photoKeys: ['p-kept'] }));
    await addPhoto(uuid, 'p-kept');
    await addPhoto(uuid, 'p-removed');
    await sendRound(db, server, toSyncCheckIn);
    expect(server.uploads).toEqual(['p-kept']);
    expect((await stored(uuid))?.state).toBe('sent');
    expect(await photosOfVisit(db, uuid)).toEqual([]);
  });

  it('uploads again a photo whose id was never recorded (an unreferenced file is harmless)', async () => {
    const server = new FakeSync();
    const uuid = visit(1).uuid;
    await saveVisit(db, visit(1, { photoKeys: ['p-1', 'p-2'] }));
    await addPhoto(uuid, 'p-1');
    await addPhoto(uuid, 'p-2');
    // The first upload arrives, the second never answers.
    const flaky = {
      uploadPhoto: async (photo: Blob) => {
        if ((await photo.text()) === 'p-2') throw networkError();
        return server.uploadPhoto(photo);
      },
      sendCheckIns: server.sendCheckIns,
    };
    await expect(sendRound(db, flaky, toSyncCheckIn)).rejects.toMatchObject({ statusCode: 0 });
    expect(server.batches).toEqual([]);
    await sendRound(db, server, toSyncCheckIn);
    expect(server.uploads).toEqual(['p-1', 'p-2']);
    expect((await stored(uuid))?.state).toBe('sent');
  });

  it('applies a lost answer once when the batch is sent again: the same visit, stored once', async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1));
    server.loseNextAnswer = true;
    await expect(sendRound(db, server, toSyncCheckIn)).rejects.toMatchObject({ statusCode: 0 });
    expect((await stored(visit(1).uuid))?.state).toBe('pending');
    expect(server.stored.size).toBe(1);

    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ sent: 1 });
    expect(server.batches).toEqual([[visit(1).uuid], [visit(1).uuid]]);
    expect(server.stored.size).toBe(1);
    expect(await stored(visit(1).uuid)).toMatchObject({ state: 'sent', checkInId: 41 });
    // Nothing left to send: a further round sends nothing.
    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ sent: 0 });
    expect(server.batches).toHaveLength(2);
  });

  it('finds the visit of a malformed batch (400) by sending each alone; the others go', async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1));
    await saveVisit(db, visit(2));
    const bad = visit(2).uuid;
    const picky = {
      uploadPhoto: server.uploadPhoto,
      sendCheckIns: (checkIns: Parameters<FakeSync['sendCheckIns']>[0]) =>
        checkIns.some((checkIn) => checkIn.uuid === bad)
          ? Promise.reject(httpError(400, 'Datos inválidos.'))
          : server.sendCheckIns(checkIns),
    };
    expect(await sendRound(db, picky, toSyncCheckIn)).toEqual({
      sent: 1,
      rejected: 0,
      malformed: [bad],
    });
    expect((await stored(bad))?.state).toBe('pending');
    expect((await stored(visit(1).uuid))?.state).toBe('sent');
  });

  it('rejects a visit whose photo the server refuses, with its reason', async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1, { photoKeys: ['p-1'] }));
    await addPhoto(visit(1).uuid, 'p-1');
    server.failures.push(httpError(400, 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.'));
    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ rejected: 1 });
    expect(await stored(visit(1).uuid)).toMatchObject({
      state: 'rejected',
      validationErrors: [
        { field: 'photoIds', message: 'El archivo debe ser una imagen JPEG, PNG, WebP o GIF.' },
      ],
    });
  });

  it('never sends a visit that refers to a photo the phone no longer has', async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1, { photoKeys: ['gone'] }));
    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ rejected: 1 });
    expect(server.batches).toEqual([]);
    expect(await stored(visit(1).uuid)).toMatchObject({
      state: 'rejected',
      validationErrors: [
        { field: 'photoIds', message: 'Falta una foto en el teléfono: vuelve a tomarla.' },
      ],
    });
  });

  it('makes a visit left sending by a crash pending again', async () => {
    await saveVisit(db, visit(1, { state: 'sending' }));
    await saveVisit(db, visit(2, { state: 'sent' }));
    await recoverSending(db);
    expect((await stored(visit(1).uuid))?.state).toBe('pending');
    expect((await stored(visit(2).uuid))?.state).toBe('sent');
  });

  it('sends an unavailable visit (no surveys)', async () => {
    const server = new FakeSync();
    await saveVisit(db, visit(1, { unavailable: true }));
    await sendRound(db, server, toSyncCheckIn);
    expect((await stored(visit(1).uuid))?.state).toBe('sent');
  });

  it('sends the pending visits a phone kept in version 1, through the schema steps since', async () => {
    db.close();
    globalThis.indexedDB = new IDBFactory();
    const v1 = await openFieldDb(7, MIGRATIONS.slice(0, 1));
    // A visit as version 1 stored it: none of the later fields.
    const { photoKeys: _p, surveys: _s, ...old } = visit(1, { unavailable: true });
    await v1.put('visits', { ...old } as StoredVisit);
    v1.close();
    db = await openFieldDb(7);
    const server = new FakeSync();
    expect(await sendRound(db, server, toSyncCheckIn)).toMatchObject({ sent: 1 });
    expect((await stored(visit(1).uuid))?.state).toBe('sent');
  });
});
