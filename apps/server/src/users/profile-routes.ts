import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { profileSchema, profileUpdateSchema } from '@deck-portal/domain';
import { requireApproved } from '../auth/auth-hooks.ts';
import { apiErrorResponses } from '../http/api-error-responses.ts';
import type { Services } from '../services.ts';
import { acceptPictureBodies, pictureBody } from '../uploads/picture-body.ts';
import { removeProfilePhoto, setProfilePhoto, toProfile, updateProfile } from './profile.ts';

/** The signed-in user's own profile: what decks and client pages show of the rep. */
export async function profileRoutes(server: FastifyInstance, { services }: { services: Services }) {
  const app = server.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const approved = requireApproved();
  const response = { 200: profileSchema, ...apiErrorResponses };
  acceptPictureBodies(app);

  app.get('/api/profile', { onRequest: approved, schema: { tags, response } }, async (request) =>
    toProfile(request.user!),
  );

  app.patch(
    '/api/profile',
    { onRequest: approved, schema: { tags, body: profileUpdateSchema, response } },
    async (request) => updateProfile(services, { user: request.user!, input: request.body }),
  );

  app.put(
    '/api/profile/photo',
    { onRequest: approved, schema: { tags, response } },
    async (request) =>
      setProfilePhoto(services, { user: request.user!, picture: pictureBody(request.body) }),
  );

  app.delete(
    '/api/profile/photo',
    { onRequest: approved, schema: { tags, response } },
    async (request) => removeProfilePhoto(services, { user: request.user! }),
  );
}
