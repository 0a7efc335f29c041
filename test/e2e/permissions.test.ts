import { ListMultipartUploadsCommand, PutBucketPolicyCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { TEST_USERS } from '../support/s3server/startS3Server';
import { useDepositWorld } from './support/useDepositWorld';

const setUpWorld = useDepositWorld();

/**
 * Issue 29 from the volunteer's side: the coordinator handed out a key that may list its folder
 * but not write there (a policy mistake). "Tester la connexion" says so, naming the folder, in
 * the volunteer's language; it does not send them to retype a secret that was right.
 */
describe('a key that may not write in the night folder', () => {
  it('the connection test names the missing permission and the folder, in French and English', async () => {
    const world = await setUpWorld({ label: 'permissions', files: 2, sizes: 'small', seed: 29 });
    const { depot, bucket } = world;
    const page = depot.page;
    // The volunteer's key may list vol42/ and nothing more (no s3:PutObject).
    await bucket.client.send(
      new PutBucketPolicyCommand({
        Bucket: bucket.bucket,
        Policy: JSON.stringify({
          Version: '2012-10-17',
          Statement: [
            {
              Effect: 'Allow',
              Principal: { AWS: [`arn:aws:iam:::user/${TEST_USERS.vol42.uid}`] },
              Action: ['s3:ListBucket'],
              Resource: [`arn:aws:s3:::${bucket.bucket}`],
              Condition: { StringLike: { 's3:prefix': ['vol42/*'] } },
            },
          ],
        }),
      }),
    );
    await depot.configure({
      endpoint: world.proxy.endpoint,
      region: bucket.region,
      bucket: bucket.bucket,
      prefixTemplate: 'vol42/{night}',
      accessKeyId: TEST_USERS.vol42.accessKeyId,
      secretAccessKey: TEST_USERS.vol42.secretAccessKey,
    });
    const folder = `${bucket.bucket}/vol42/`;
    const verdict = await depot.testConnection();
    await expect.poll(() => verdict.getAttribute('data-ok')).toBe('false');
    const sentence = page.getByTestId('verdict-sentence');
    expect(await sentence.innerText()).toContain(`Cette clé ne peut pas écrire dans ${folder}`);
    expect(await verdict.innerText()).not.toContain('retapez');
    const lines = (await verdict.locator('li').allInnerTexts()).map((l) => l.replace(/\s+/g, ' '));
    expect(lines).toContain('✓ Identifiants acceptés : oui');
    expect(lines).toContain(`✓ Lister ${folder} : oui`);
    expect(lines).toContain(`✗ Écrire dans ${folder} : non`);
    // The same verdict as the volunteer sees it, in French and English, at both laptop sizes.
    await depot.screenshotEverywhere('cle-sans-ecriture', async () => {
      await depot.go('settings');
      await page
        .getByRole('button', { name: /^(Tester la connexion|Test the connection)$/ })
        .click();
      await page.getByTestId('verdict-sentence').waitFor();
      await page.getByTestId('verdict').scrollIntoViewIfNeeded();
    });
    await depot.setLocale('en');
    await page.getByRole('button', { name: 'Test the connection' }).click();
    await page.getByTestId('verdict-sentence').waitFor();
    expect(await page.getByTestId('verdict-sentence').innerText()).toContain(
      `This key may not write to ${folder}`,
    );
    await depot.setLocale('fr');
    // The write check left nothing behind.
    const uploads = await bucket.client.send(
      new ListMultipartUploadsCommand({ Bucket: bucket.bucket }),
    );
    expect(uploads.Uploads ?? []).toEqual([]);
  });
});
