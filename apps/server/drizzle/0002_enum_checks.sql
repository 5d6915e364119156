ALTER TABLE "oauth_accounts" ADD CONSTRAINT "oauth_accounts_provider_valid" CHECK ("oauth_accounts"."provider" in ('google', 'apple'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_subscription_tier_valid" CHECK ("users"."subscription_tier" in ('free', 'basic', 'plus', 'pro'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_pending_subscription_tier_valid" CHECK ("users"."pending_subscription_tier" in ('free', 'basic', 'plus', 'pro'));--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_ai_model_valid" CHECK ("users"."ai_model" in ('rasma-ai', 'rasma-ai-color'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_status_valid" CHECK ("videos"."status" in ('processing', 'completed', 'failed'));--> statement-breakpoint
ALTER TABLE "videos" ADD CONSTRAINT "videos_ai_model_valid" CHECK ("videos"."ai_model" in ('rasma-ai', 'rasma-ai-color'));